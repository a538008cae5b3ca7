package org.jdsm.launch.submit;

import com.jcraft.jsch.UserInfo;
import java.io.Console;

/**
 * Asks the person at the terminal for a key's passphrase (or a password), without echo. Never
 * says yes to anything: host keys are checked against known_hosts only.
 */
final class ConsoleUserInfo implements UserInfo {

    private final Console console;
    private String secret;

    ConsoleUserInfo(Console console) {
        this.console = console;
    }

    @Override
    public String getPassphrase() {
        return secret;
    }

    @Override
    public String getPassword() {
        return secret;
    }

    @Override
    public boolean promptPassword(String message) {
        return ask(message);
    }

    @Override
    public boolean promptPassphrase(String message) {
        return ask(message);
    }

    @Override
    public boolean promptYesNo(String message) {
        return false;
    }

    @Override
    public void showMessage(String message) {
        console.printf("%s%n", message);
    }

    private boolean ask(String message) {
        char[] typed = console.readPassword("%s: ", message);
        secret = typed == null ? null : new String(typed);
        return secret != null;
    }
}
