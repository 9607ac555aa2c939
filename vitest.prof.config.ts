import base from './vitest.config';
const p = base as any;
for (const proj of p.test.projects) if (String(proj.test.name).startsWith('server')) proj.test.execArgv = ['--cpu-prof', '--cpu-prof-dir=/tmp/prof', '--cpu-prof-interval=1000'];
export default p;
