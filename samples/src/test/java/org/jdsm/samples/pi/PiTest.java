package org.jdsm.samples.pi;

import java.util.List;
import org.jdsm.samples.support.SampleContract;

class PiTest extends SampleContract {

    PiTest() {
        super(Pi.class, PiReference.NAME, List.of("200000", "40"), PiPlain::run);
    }
}
