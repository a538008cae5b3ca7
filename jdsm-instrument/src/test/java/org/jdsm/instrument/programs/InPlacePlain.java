package org.jdsm.instrument.programs;

import org.jdsm.Spmd;
import org.jdsm.instrument.Results;

/**
 * Objects changed in place through a shared object that holds them: elements of a shared
 * {@code Object[]} and {@code Cell[]} ({@code cells[i].value = v}, {@code +=}, {@code ++}, also as
 * an expression's value, in a loop checked per access and in a counted loop checked before it)
 * and an ordinary object in a field of a registered one ({@code holder.inner.x = c ? v : w},
 * {@code +=}). The element or field itself is unchanged, so only its holder's
 * content says the write happened. Threads of both nodes change interleaved elements of the same
 * blocks; after a barrier every thread checks every value.
 */
public class InPlacePlain extends Spmd {

    /** An element changed in place; never registered itself. */
    public static class Cell {
        public int value;
        public long total;
        public int count;
    }

    /** An ordinary object held in a field of a shared one. */
    public static class Inner {
        public int x;
        public double y;
    }

    /** A registered object holding an {@link Inner}. */
    public static class Holder {
        public Inner inner = new Inner();
    }

    private static final int PER_THREAD = 3; // not a multiple of the block: threads of both nodes share blocks

    // One array per form, so that no other form's check publishes its changes. Object[], as the
    // explicit API's users write it: a cast between the load and the store.
    Object[] assigned;
    Object[] added;
    Object[] incremented;
    Object[] incrementedForItsValue;
    Cell[] typed;
    Holder[] holders;

    @Override
    public void init() {
        int n = PER_THREAD * threads();
        assigned = pool.register(newCells(n), 4);
        added = pool.register(newCells(n), 4);
        incremented = pool.register(newCells(n), 4);
        incrementedForItsValue = pool.register(newCells(n), 4);
        typed = pool.register(newCells(n), 4);
        holders = new Holder[n];
        for (int k = 0; k < n; k++) {
            holders[k] = pool.register(new Holder());
        }
    }

    private static Cell[] newCells(int n) {
        Cell[] cells = new Cell[n];
        for (int i = 0; i < n; i++) {
            cells[i] = new Cell();
        }
        return cells;
    }

    /** A counted loop: the range of elements it changes is checked for writing before it, once. */
    static void changeRange(Cell[] cells, int from, int to) {
        for (int i = from; i < to; i++) {
            cells[i].value = i + 5;
            cells[i].count++;
        }
    }

    @Override
    public void start() {
        int me = myThread();
        int t = threads();
        int n = typed.length;
        int returned = 0;
        // Array by array (under SC a written block stays taken until the barrier); a variable step:
        // a check per access.
        for (int i = me; i < n; i += t) {
            ((Cell) assigned[i]).value = i * 3 + 1;
        }
        for (int i = me; i < n; i += t) {
            ((Cell) added[i]).total += i;
        }
        for (int i = me; i < n; i += t) {
            ((Cell) incremented[i]).count++;
        }
        for (int i = me; i < n; i += t) {
            returned += ((Cell) incrementedForItsValue[i]).count++; // dup_x1 between the load and the store
        }
        changeRange(typed, me * PER_THREAD, (me + 1) * PER_THREAD);
        barrier();
        for (int k = me; k < n; k += t) {
            holders[k].inner.y += k;
        }
        barrier();
        for (int k = me; k < n; k += t) {
            holders[k].inner.x = k % 2 == 0 ? k + 7 : 7 + k; // a conditional between the load and the store
        }
        barrier();
        for (int i = 0; i < n; i++) {
            int value = ((Cell) assigned[i]).value;
            long total = ((Cell) added[i]).total;
            int count = ((Cell) incremented[i]).count;
            int countForItsValue = ((Cell) incrementedForItsValue[i]).count;
            AliasesPlain.check(value == i * 3 + 1 && total == i && count == 1 && countForItsValue == 1,
                    "element " + i + ": value " + value + ", total " + total + ", count " + count + " and " + countForItsValue);
            Cell d = typed[i];
            AliasesPlain.check(d.value == i + 5 && d.count == 1, "typed[" + i + "]: value " + d.value + ", count " + d.count);
            Inner inner = holders[i].inner;
            AliasesPlain.check(inner.x == i + 7 && inner.y == i, "holders[" + i + "].inner: " + inner.x + ", " + inner.y);
        }
        AliasesPlain.check(returned == 0, "old values of count++ as an expression: " + returned);
        Results.put(getClass().getSimpleName() + me, "ok");
    }
}
