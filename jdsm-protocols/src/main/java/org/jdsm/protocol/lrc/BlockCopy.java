package org.jdsm.protocol.lrc;

/** A copy of one block ({@code content}, from {@code SharedObject.outgoing} when sent, a decoded snapshot when received) and the intervals it includes. */
record BlockCopy(Object content, int[] have) {
}
