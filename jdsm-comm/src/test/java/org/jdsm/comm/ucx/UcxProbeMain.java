package org.jdsm.comm.ucx;

import org.jdsm.comm.CommException;
import org.jdsm.comm.Comms;

/**
 * Child JVM of {@link UcxLibraryTest}. {@code create}: prints {@code REFUSED <message>} or
 * {@code CREATED} for {@code Comms.create("ucx")}. {@code npe}: loads the shim, then throws and
 * catches thousands of NullPointerExceptions in compiled code (the JVM finds them with SIGSEGV), and
 * prints {@code SURVIVED}.
 */
public final class UcxProbeMain {

    private UcxProbeMain() {
    }

    public static void main(String[] args) {
        if (args[0].equals("create")) {
            try {
                Comms.create("ucx");
                System.out.println("CREATED");
            } catch (CommException e) {
                System.out.println("REFUSED " + e.getMessage());
            }
        } else {
            UcxLibrary.require();
            int caught = 0;
            for (int i = 0; i < 5_000_000; i++) {
                try {
                    first(i % 1024 == 0 ? null : new int[] {1}); // rare nulls: compiled code checks them by trapping
                } catch (NullPointerException e) {
                    caught++;
                }
            }
            System.out.println("SURVIVED " + caught);
        }
    }

    private static int first(int[] values) {
        return values[0] - 1;
    }
}
