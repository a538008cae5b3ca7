/**
 * JDK Flight Recorder events for DSM operations (category "JDSM"): fetch waits, diffs, lock waits and
 * barrier waits, emitted where {@link org.jdsm.runtime.DsmStats} takes the matching counters. Record them
 * with {@code -XX:StartFlightRecording} and read them with {@code jfr print --categories JDSM}.
 * Each event also feeds the matching time counter, so both measure the same span.
 */
package org.jdsm.runtime.events;
