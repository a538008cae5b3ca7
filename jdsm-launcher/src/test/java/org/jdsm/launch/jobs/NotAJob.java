package org.jdsm.launch.jobs;

/** A class that does not extend Spmd, to be refused by the launcher. */
public class NotAJob {
}
