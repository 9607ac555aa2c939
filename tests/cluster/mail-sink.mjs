// The cluster's "mail" host: an SMTP server that accepts every message and prints one JSON line
// per message to stdout (envelope recipients, Subject and Message-ID as sent), so the test counts
// what the instances delivered. Usage: node mail-sink.mjs <address> <port>
import { SMTPServer } from 'smtp-server';

const [address = '0.0.0.0', port = '2525'] = process.argv.slice(2);
/** A header's value from the raw message's header block (folded lines joined). */
const header = (raw, name) => {
  const head = raw.split(/\r?\n\r?\n/, 1)[0].replace(/\r?\n[ \t]+/g, ' ');
  const m = new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(head);
  return m ? m[1].trim() : null;
};
const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  size: 10 * 1024 * 1024,
  onData(stream, session, callback) {
    const chunks = [];
    stream.on('data', (c) => chunks.push(c));
    stream.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const line = {
        at: Date.now(),
        to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
        subject: header(raw, 'Subject'),
        messageId: header(raw, 'Message-ID'),
        bytes: raw.length,
      };
      process.stdout.write(`${JSON.stringify(line)}\n`);
      callback();
    });
  },
});
server.on('error', (err) => process.stderr.write(`mail sink: ${err.message}\n`));
server.listen(Number(port), address, () => process.stdout.write(`${JSON.stringify({ listening: `${address}:${port}` })}\n`));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
