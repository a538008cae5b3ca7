package org.jdsm.protocol.suite;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.KryoSerializable;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import org.jdsm.JobAbortedException;

/**
 * A user value whose decoding fails for one value, as a broken custom serializer would, when a
 * message brings it: not on the job's own threads, whose copies of it (twins) decode it too.
 */
public final class Poison implements KryoSerializable {
    /** Refuses on the job's threads too (copies of it fail wherever they are made). */
    public static volatile boolean everywhere;
    /** 13 refuses to be decoded. */
    public long value;

    @Override
    public void write(Kryo kryo, Output output) {
        output.writeLong(value);
    }

    @Override
    public void read(Kryo kryo, Input input) {
        value = input.readLong();
        if (value == 13 && (everywhere || !Thread.currentThread().getName().matches("jdsm-n\\d+-t\\d+"))) {
            throw new IllegalStateException("value 13 refuses to be decoded");
        }
    }

    /**
     * Runs {@code sync}, a synchronization that must fail on a value of this class (copies refused on
     * this thread too, for its duration), and catches that failure; throws {@code otherwise} if it
     * did not fail, and passes any other failure, and an abort of the job, on.
     */
    public static void catchRefusal(Runnable sync, String otherwise) {
        everywhere = true;
        try {
            sync.run();
        } catch (JobAbortedException e) {
            throw e; // the job stopped meanwhile: nothing to go on with
        } catch (RuntimeException e) {
            if (!String.valueOf(e.getMessage()).contains("refuses to be decoded")) {
                throw e;
            }
            return;
        } finally {
            everywhere = false;
        }
        throw new IllegalStateException(otherwise);
    }
}
