package org.jdsm.wire;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;

import com.esotericsoftware.kryo.Kryo;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class KryoPoolTest {

    private final AtomicInteger created = new AtomicInteger();
    private final KryoPool pool = new KryoPool(2, () -> {
        created.incrementAndGet();
        return new Kryo();
    });

    @Test
    void aReturnedInstanceIsReused() {
        Kryo first = pool.obtain();
        pool.free(first);
        assertSame(first, pool.obtain());
        assertEquals(1, created.get());
    }

    @Test
    void instancesInUseAreNeverShared() {
        Kryo a = pool.obtain();
        Kryo b = pool.obtain();
        assertNotSame(a, b);
        pool.free(a);
        pool.free(b);
        Kryo c = pool.obtain();
        Kryo d = pool.obtain();
        assertNotSame(c, d);
        assertEquals(2, created.get());
    }

    @Test
    void instancesBeyondTheSlotsAreDropped() {
        Kryo a = pool.obtain();
        Kryo b = pool.obtain();
        Kryo c = pool.obtain();
        pool.free(a);
        pool.free(b);
        pool.free(c);
        pool.obtain();
        pool.obtain();
        pool.obtain();
        assertEquals(4, created.get(), "two kept, the third was dropped and a fourth made");
    }
}
