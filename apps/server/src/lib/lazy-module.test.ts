import { describe, expect, it } from 'vitest';
import { lazyModule, ON_DEMAND_PACKAGES } from './lazy-module';

describe('packages loaded on demand', () => {
  it('loads the package at the first call and hands out the same module after', () => {
    const qr = lazyModule<typeof import('qrcode')>('qrcode');
    const first = qr();
    expect(first.toDataURL).toBeTypeOf('function');
    expect(qr()).toBe(first);
  });

  it('loads a package subpath and a package that is a function itself', () => {
    expect(lazyModule<typeof import('bwip-js/node')>('bwip-js/node')().toBuffer).toBeTypeOf('function');
    expect(lazyModule<typeof import('sanitize-html')>('sanitize-html')()('<b>hi</b><script>x</script>')).toBe('<b>hi</b>');
  });

  it('names packages the server declares as dependencies (the release installs those)', async () => {
    const { default: pkg } = await import('../../package.json', { with: { type: 'json' } });
    for (const name of ON_DEMAND_PACKAGES) expect(Object.keys(pkg.dependencies), name).toContain(name);
  });
});
