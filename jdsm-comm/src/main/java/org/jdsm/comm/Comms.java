package org.jdsm.comm;

import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;

/** Finds Comm modules by name through {@link ServiceLoader}. */
public final class Comms {

    private Comms() {
    }

    /** Creates the Comm named {@code name}, or fails listing the names that exist. */
    public static Comm create(String name) {
        List<String> known = new ArrayList<>();
        for (CommProvider p : ServiceLoader.load(CommProvider.class, Comms.class.getClassLoader())) {
            if (p.name().equals(name)) {
                return p.create();
            }
            known.add(p.name());
        }
        throw new CommException("no comm module named '" + name + "'; available: " + known);
    }

    /**
     * Why the Comm named {@code name} cannot run here ({@link CommProvider#unavailableReason}); null
     * if it can, or if no module has that name.
     */
    public static String unavailableReason(String name) {
        for (CommProvider p : ServiceLoader.load(CommProvider.class, Comms.class.getClassLoader())) {
            if (p.name().equals(name)) {
                return p.unavailableReason();
            }
        }
        return null;
    }

    /** Names of the Comm modules on the class path. */
    public static List<String> available() {
        List<String> names = new ArrayList<>();
        ServiceLoader.load(CommProvider.class, Comms.class.getClassLoader()).forEach(p -> names.add(p.name()));
        return names;
    }
}
