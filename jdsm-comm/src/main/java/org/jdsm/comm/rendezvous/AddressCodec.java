package org.jdsm.comm.rendezvous;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import org.jdsm.comm.CommException;
import org.jdsm.comm.NodeAddress;

/** Payloads of the rendezvous ADDRESS (one address) and TABLE (all addresses by rank) frames. */
final class AddressCodec {

    /** Bound on an ADDRESS payload: a host name of up to 255 characters and a port. */
    static final int MAX_ADDRESS_BYTES = 1024;

    private AddressCodec() {
    }

    static byte[] encode(List<NodeAddress> addresses) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            out.writeInt(addresses.size());
            for (NodeAddress a : addresses) {
                out.writeUTF(a.host());
                out.writeInt(a.port());
            }
        } catch (IOException e) {
            throw new UncheckedIOException("writing to memory cannot fail", e);
        }
        return bytes.toByteArray();
    }

    static List<NodeAddress> decode(byte[] payload) {
        try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(payload))) {
            int count = in.readInt();
            if (count < 0 || count > payload.length) {
                throw new CommException("malformed address list: " + count + " entries");
            }
            List<NodeAddress> addresses = new ArrayList<>(count);
            for (int i = 0; i < count; i++) {
                addresses.add(new NodeAddress(in.readUTF(), in.readInt()));
            }
            if (in.available() > 0) {
                throw new CommException("malformed address list: trailing bytes");
            }
            return addresses;
        } catch (IOException | IllegalArgumentException e) {
            throw new CommException("malformed address list: " + e.getMessage(), e);
        }
    }
}
