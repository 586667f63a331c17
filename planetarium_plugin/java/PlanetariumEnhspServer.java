// A persistent ENHSP: one JVM answers many planning requests, saving ~350 ms of start-up each.
// Protocol: one request per line on stdin, tab-separated ENHSP arguments; one reply per line
// on stdout: "ok" or "error <message>", a tab, then Base64 of everything ENHSP printed.
// Compile: javac --release 17 -cp enhsp.jar PlanetariumEnhspServer.java
import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Base64;

public class PlanetariumEnhspServer {
    public static void main(String[] ignored) throws Exception {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        PrintStream out = System.out;
        PrintStream err = System.err;
        String line;
        while ((line = in.readLine()) != null) {
            if (line.isEmpty()) {
                continue;
            }
            ByteArrayOutputStream buffer = new ByteArrayOutputStream();
            PrintStream capture = new PrintStream(buffer, true, StandardCharsets.UTF_8);
            System.setOut(capture);
            System.setErr(capture);
            String status = "ok";
            try {
                main.main(line.split("\t"));
            } catch (Throwable t) {
                status = "error " + t.toString().replace('\t', ' ').replace('\n', ' ');
            } finally {
                System.setOut(out);
                System.setErr(err);
            }
            out.println(status + "\t" + Base64.getEncoder().encodeToString(buffer.toByteArray()));
            out.flush();
        }
    }
}
