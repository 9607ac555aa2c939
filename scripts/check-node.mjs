// Fails fast when the project's pinned Node 24 is not the one running (e.g. after --ignore-scripts).
export function checkNode() {
  const major = Number(process.versions.node.split('.')[0]);
  if (major < 24) {
    console.error(
      `SwapU needs Node 24 or later; this is ${process.version}. Run it through npm (npm start, npm test), ` +
        'which uses the Node 24 pinned in devDependencies, and do not install with --ignore-scripts.',
    );
    process.exit(1);
  }
}
