package org.jdsm.protocol.lrc;

/** A copy of one block ({@code content}, from {@code SharedObject.snapshot}) and the intervals it includes. */
record BlockCopy(Object content, int[] have) {
}
