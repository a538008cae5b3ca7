package org.jdsm.content;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import org.jdsm.runtime.ElementBlock;
import org.jdsm.runtime.SlotAware;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@link ElementSlots} walks what an element holds without the locks the program changes it under:
 * content that comes in for a block is claimed while a thread of the node may change a collection
 * an element holds. A walk that meets such a change gives up on that collection (its objects learn
 * the block at the next claim); it must never throw, since it runs in the node's message handling,
 * where an exception fails the job. A LinkedList's iterator, read during a removal, threw a
 * NullPointerException there (seen once in CollectionDiffsPlainTest).
 */
class ElementSlotsRaceTest {

    /** An element object as the instrumentation makes it: it knows its block. */
    static final class Cell implements SlotAware {
        private ElementBlock slot;

        @Override
        public ElementBlock jdsm$slot() {
            return slot;
        }

        @Override
        public void jdsm$setSlot(ElementBlock block) {
            slot = block;
        }
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"LinkedList", "ArrayList", "HashMap", "TreeMap"})
    @Timeout(60)
    void claimingWhileAThreadChangesTheCollectionNeverThrows(String kind) throws Exception {
        Object holder = switch (kind) {
            case "LinkedList" -> new LinkedList<Cell>();
            case "ArrayList" -> new ArrayList<Cell>();
            case "HashMap" -> new HashMap<Integer, Cell>();
            default -> new TreeMap<Integer, Cell>();
        };
        Consumer<Integer> change = changer(holder);
        AtomicBoolean stop = new AtomicBoolean();
        Thread changing = new Thread(() -> {
            for (int i = 0; !stop.get(); i++) {
                change.accept(i);
            }
        });
        changing.start();
        ElementBlock block = new ElementBlock(null, 0);
        Throwable thrown = null;
        long deadline = System.nanoTime() + 1_000_000_000L;
        try {
            for (int n = 0; n < 2_000_000 && System.nanoTime() < deadline && thrown == null; n++) {
                try {
                    ElementSlots.claimInside(holder, block);
                } catch (RuntimeException e) {
                    thrown = e;
                }
            }
        } finally {
            stop.set(true);
            changing.join();
        }
        assertTrue(thrown == null, "a claim threw " + thrown);
    }

    @SuppressWarnings("unchecked")
    private static Consumer<Integer> changer(Object holder) {
        if (holder instanceof List<?> list) {
            List<Cell> cells = (List<Cell>) list;
            return i -> {
                cells.add(new Cell());
                if (cells.size() > 8) {
                    cells.remove(0);
                }
            };
        }
        Map<Integer, Cell> cells = (Map<Integer, Cell>) holder;
        return i -> {
            cells.put(i, new Cell());
            cells.remove(i - 8);
        };
    }
}
