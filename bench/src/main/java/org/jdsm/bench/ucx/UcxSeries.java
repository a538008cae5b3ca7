package org.jdsm.bench.ucx;

/** The UCX transports compared: UcxComm and ucx_perftest each run over both, selected by UCX_TLS. */
enum UcxSeries {
    TCP("tcp", "tcp"),
    SHARED_MEMORY("shm", "posix,sysv,cma");

    /**
     * The value of UCX_NET_DEVICES for both UcxComm and perftest: the loopback device alone, as the
     * benchmark runs on 127.0.0.1 (UCX's TCP would otherwise also use the machine's other interfaces).
     */
    static final String NET_DEVICES = "lo";

    /** The value of UCX_TLS. */
    final String transports;
    private final String suffix;

    UcxSeries(String suffix, String transports) {
        this.suffix = suffix;
        this.transports = transports;
    }

    /** The UcxComm series, e.g. ucx-tcp. */
    String comm() {
        return "ucx-" + suffix;
    }

    /** The ucx_perftest series, e.g. perftest-tcp. */
    String perftest() {
        return "perftest-" + suffix;
    }

    /** The series of that name (UcxComm's or perftest's), or null. */
    static UcxSeries of(String name) {
        for (UcxSeries s : values()) {
            if (s.comm().equals(name) || s.perftest().equals(name)) {
                return s;
            }
        }
        return null;
    }
}
