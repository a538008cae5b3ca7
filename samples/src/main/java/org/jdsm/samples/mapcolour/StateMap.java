package org.jdsm.samples.mapcolour;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A map to colour: regions and which of them share a border.
 *
 * @param names      region names, in the order the search colours them
 * @param neighbours for each region, the regions bordering it
 */
record StateMap(List<String> names, int[][] neighbours) {

    /**
     * Hyperion's benchmark map: the 29 eastern-most states of the USA (the 26 east of the
     * Mississippi plus Louisiana, Arkansas and Missouri, the next three by western extent), with
     * their land borders among themselves, listed from Maine south-west so that most states
     * border one listed before them. {@code count} takes the first {@code count} of them.
     */
    static StateMap easternUs(int count) {
        String[][] borders = {
            {"ME", "NH"}, {"NH", "VT", "MA"}, {"VT", "MA", "NY"}, {"MA", "RI", "CT", "NY"}, {"RI", "CT"},
            {"CT", "NY"}, {"NY", "NJ", "PA"}, {"NJ", "PA", "DE"}, {"PA", "DE", "MD", "WV", "OH"}, {"DE", "MD"},
            {"MD", "VA", "WV"}, {"WV", "VA", "KY", "OH"}, {"VA", "KY", "TN", "NC"}, {"OH", "KY", "IN", "MI"},
            {"NC", "TN", "GA", "SC"}, {"KY", "TN", "MO", "IL", "IN"}, {"SC", "GA"}, {"MI", "IN", "WI"},
            {"IN", "IL"}, {"TN", "GA", "AL", "MS", "AR", "MO"}, {"GA", "AL", "FL"}, {"IL", "MO", "WI"},
            {"WI"}, {"AL", "MS", "FL"}, {"FL"}, {"MS", "AR", "LA"}, {"MO", "AR"}, {"AR", "LA"}, {"LA"},
        };
        if (count < 1 || count > borders.length) {
            throw new IllegalArgumentException("the map has 1 to " + borders.length + " states, not " + count);
        }
        List<String> names = new ArrayList<>();
        for (String[] b : borders) {
            names.add(b[0]);
        }
        List<String> kept = names.subList(0, count);
        List<List<Integer>> adjacent = new ArrayList<>();
        kept.forEach(n -> adjacent.add(new ArrayList<>()));
        for (String[] b : borders) {
            for (int k = 1; k < b.length; k++) {
                int u = kept.indexOf(b[0]);
                int v = kept.indexOf(b[k]);
                if (u >= 0 && v >= 0) {
                    adjacent.get(u).add(v);
                    adjacent.get(v).add(u);
                }
            }
        }
        int[][] neighbours = adjacent.stream().map(l -> l.stream().mapToInt(Integer::intValue).sorted().toArray())
                .toArray(int[][]::new);
        return new StateMap(List.copyOf(kept), neighbours);
    }

    int size() {
        return names.size();
    }

    /** True if no two bordering regions have the same colour in {@code colours} (all regions coloured). */
    boolean isProper(int[] colours) {
        for (int u = 0; u < size(); u++) {
            for (int v : neighbours[u]) {
                if (colours[u] == colours[v]) {
                    return false;
                }
            }
        }
        return true;
    }

    @Override
    public String toString() {
        return size() + " states " + names.get(0) + ".." + names.get(size() - 1) + ", "
                + Arrays.stream(neighbours).mapToInt(n -> n.length).sum() / 2 + " borders";
    }
}
