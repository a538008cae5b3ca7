package org.jdsm.launch;

/** Ends a process together with everything it started, so no grandchild outlives a job. */
public final class ProcessTrees {

    private ProcessTrees() {
    }

    /** Asks {@code process} and its descendants to stop (SIGTERM). */
    public static void terminate(Process process) {
        process.descendants().forEach(ProcessHandle::destroy);
        process.destroy();
    }

    /** Kills {@code process} and its descendants (SIGKILL). */
    public static void kill(Process process) {
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
    }
}
