package org.jdsm.comm.testing;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import java.util.stream.Collectors;

/**
 * Collects the java.util.logging records of one logger (and its children) for the duration of a
 * test, instead of printing them. Close it to restore the logger.
 */
public final class LogCapture extends Handler implements AutoCloseable {

    private final Logger logger;
    private final boolean parentHandlers;
    private final Level level;
    private final List<String> messages = new ArrayList<>();

    /** Starts capturing the logger named {@code name}, at the levels it logs already. */
    public LogCapture(String name) {
        this(name, null);
    }

    /** Starts capturing the logger named {@code name}, from {@code level} up (null: the levels it logs already). */
    public LogCapture(String name, Level level) {
        this.logger = Logger.getLogger(name);
        this.parentHandlers = logger.getUseParentHandlers();
        this.level = logger.getLevel();
        if (level != null) {
            logger.setLevel(level);
        }
        setLevel(Level.ALL);
        logger.addHandler(this);
        logger.setUseParentHandlers(false);
    }

    @Override
    public synchronized void publish(LogRecord record) {
        messages.add(record.getLevel() + " " + record.getMessage());
        notifyAll();
    }

    /** Messages so far, each prefixed by its level. */
    public synchronized List<String> messages() {
        return new ArrayList<>(messages);
    }

    /** Messages so far that match {@code filter}. */
    public synchronized List<String> matching(Predicate<String> filter) {
        return messages.stream().filter(filter).collect(Collectors.toList());
    }

    /**
     * Waits up to {@code timeout} until some message matches {@code filter} (for a record that
     * another thread logs after the event the test waited for); returns the matches then, maybe none.
     */
    public synchronized List<String> awaitMatching(Predicate<String> filter, Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        for (long left = timeout.toNanos(); messages.stream().noneMatch(filter) && left > 0; left = deadline - System.nanoTime()) {
            TimeUnit.NANOSECONDS.timedWait(this, left);
        }
        return matching(filter);
    }

    @Override
    public void flush() {
    }

    @Override
    public void close() {
        logger.removeHandler(this);
        logger.setUseParentHandlers(parentHandlers);
        logger.setLevel(level);
    }
}
