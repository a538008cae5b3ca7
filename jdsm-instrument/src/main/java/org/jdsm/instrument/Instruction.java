package org.jdsm.instrument;

/**
 * One instruction of the original code.
 *
 * @param pos    its position
 * @param next   the position after it
 * @param opcode its opcode ({@code wide} stays {@code wide}; see {@link CodeScan#opcodeAt})
 */
record Instruction(int pos, int next, int opcode) {
}
