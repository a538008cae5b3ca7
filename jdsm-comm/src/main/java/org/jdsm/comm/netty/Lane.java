package org.jdsm.comm.netty;

import io.netty.channel.WriteBufferWaterMark;
import org.jdsm.comm.Comm;
import org.jdsm.comm.CommConfig;
import org.jdsm.comm.net.Handshake.Purpose;

/** The two TCP connections between a pair of nodes; express traffic never queues behind bulk. */
enum Lane {
    BULK(Purpose.BULK_LANE, new WriteBufferWaterMark(512 << 10, 2 << 20)),
    EXPRESS(Purpose.EXPRESS_LANE, WriteBufferWaterMark.DEFAULT);

    final Purpose purpose;
    /** Bounds the bytes a lane hands to Netty before it waits for the socket to drain. */
    final WriteBufferWaterMark waterMark;

    Lane(Purpose purpose, WriteBufferWaterMark waterMark) {
        this.purpose = purpose;
        this.waterMark = waterMark;
    }

    /** Largest payload of a DATA frame on this lane. */
    int payloadLimit(CommConfig config) {
        return this == BULK ? config.maxFrameBytes() : Comm.EXPRESS_MAX_BYTES;
    }

    /** The lane a handshake purpose opens, or null if it is not a mesh lane. */
    static Lane of(Purpose purpose) {
        for (Lane lane : values()) {
            if (lane.purpose == purpose) {
                return lane;
            }
        }
        return null;
    }

    @Override
    public String toString() {
        return purpose.toString();
    }
}
