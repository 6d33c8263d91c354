import { XMLParser } from 'fast-xml-parser';
import { DomainError } from '../../errors/domain-error';
import { fixtureFile } from './fixtures';
import { readQti } from './qti.import';
import { QTI_LIMITS, resolveHref, safeEntryName, writeZip } from './qti.package';
import { PARSER_OPTIONS } from './qti.xml';

/** Hostile packages are refused quickly, with a clear error, before anything is returned to store. */

const CHOICE = fixtureFile('qti3', 'choice.xml').toString('utf8');
const BOMB = `<?xml version="1.0"?>
<!DOCTYPE lolz [
 <!ENTITY lol "lol">
 <!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
 <!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;">
 <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
 <!ENTITY lol9 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
]>
<qti-assessment-item identifier="bomb"><qti-item-body><p>&lol9;</p></qti-item-body></qti-assessment-item>`;
const XXE = `<?xml version="1.0"?>
<!DOCTYPE item [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>
<qti-assessment-item identifier="xxe"><qti-item-body><p>&xxe;</p></qti-item-body></qti-assessment-item>`;

async function refusal(p: Promise<unknown>): Promise<{ code: string; message: string; ms: number }> {
  const start = Date.now();
  try {
    await p;
  } catch (err) {
    if (!(err instanceof DomainError)) throw err;
    return { code: err.code, message: err.message, ms: Date.now() - start };
  }
  throw new Error('accepted');
}

const manifest = (hrefs: string[]) => `<?xml version="1.0" encoding="UTF-8"?>
<manifest xmlns="http://www.imsglobal.org/xsd/qti/qtiv3p0/imscp_v1p1" identifier="M"><resources>
${hrefs.map((h, i) => `<resource identifier="r${i}" type="imsqti_item_xmlv3p0" href="${h}"><file href="${h}"/></resource>`).join('\n')}
</resources></manifest>`;

/** A zip whose entry `xx/…` is renamed `../…` in its bytes (zip writers refuse to write such a name). */
async function zipWithName(name: string): Promise<Buffer> {
  const placeholder = name.replace(/\.\./g, 'xx');
  const zip = await writeZip([
    ['imsmanifest.xml', manifest([placeholder])],
    [placeholder, CHOICE],
  ]);
  return Buffer.from(zip.toString('latin1').split(placeholder).join(name), 'latin1');
}

describe('hostile QTI', () => {
  it('an entity bomb (billion laughs) in an item is refused before parsing', async () => {
    const r = await refusal(
      readQti(
        await writeZip([
          ['imsmanifest.xml', manifest(['bomb.xml'])],
          ['bomb.xml', BOMB],
        ]),
      ),
    );
    expect(r).toMatchObject({
      code: 'VALIDATION',
      message: 'bomb.xml declares a DOCTYPE or an entity: DTDs and entities are not accepted in QTI files',
    });
    // the message says it was refused before parsing; the bound only catches an expansion (seconds to minutes), far
    // above what a busy CI machine adds
    expect(r.ms).toBeLessThan(10_000);
  });

  it('an external entity is refused, in an item alone or in the manifest', async () => {
    expect(await refusal(readQti(Buffer.from(XXE), 'xxe.xml'))).toMatchObject({
      code: 'VALIDATION',
      message: expect.stringContaining('xxe.xml declares a DOCTYPE'),
    });
    const xxeManifest = manifest(['choice.xml']).replace('<manifest', '<!DOCTYPE m [<!ENTITY x SYSTEM "http://127.0.0.1/x">]>\n<manifest');
    expect(
      await refusal(
        readQti(
          await writeZip([
            ['imsmanifest.xml', xxeManifest],
            ['choice.xml', CHOICE],
          ]),
        ),
      ),
    ).toMatchObject({ code: 'VALIDATION', message: expect.stringContaining('imsmanifest.xml declares a DOCTYPE') });
  });

  it('the parser chosen does not expand entities even without the DOCTYPE check in front of it', () => {
    const parsed = JSON.stringify(new XMLParser(PARSER_OPTIONS).parse(BOMB.replace('lol9', 'lol3')));
    expect(parsed).not.toContain('lollol');
    expect(() => new XMLParser(PARSER_OPTIONS).parse(XXE)).toThrow('External entities are not supported');
  });

  it.each([['../evil.xml'], ['items/../../evil.xml'], ['/etc/evil.xml']])('a zip entry named %s is refused', async (name) => {
    const zip = name.startsWith('/')
      ? Buffer.from((await writeZip([['xetc/evil.xml', CHOICE]])).toString('latin1').split('xetc/evil.xml').join(name), 'latin1')
      : await zipWithName(name);
    expect(await refusal(readQti(zip))).toMatchObject({
      code: 'VALIDATION',
      message: expect.stringContaining(`The package holds "${name}"`),
    });
  });

  it('names and references that leave the package are told apart from ones inside it', () => {
    expect(['a.xml', 'items/a.xml', 'images/x y.png'].map(safeEntryName)).toEqual([true, true, true]);
    expect(['', '/a', '../a', 'a/../b', 'a\\b', 'C:a', 'a//b', './a'].map(safeEntryName)).toEqual(Array(8).fill(false));
    expect(resolveHref('items/q.xml', 'images/a.png')).toBe('items/images/a.png');
    expect(resolveHref('items/q.xml', '../shared/a.png')).toBe('shared/a.png');
    expect([
      resolveHref('items/q.xml', '../../a.png'),
      resolveHref('q.xml', 'file:///etc/passwd'),
      resolveHref('q.xml', '/etc/passwd'),
    ]).toEqual([null, null, null]);
  });

  it('10,000 items are refused quickly, before any item is read', async () => {
    const hrefs = Array.from({ length: 10000 }, (_x, i) => `i${i}.xml`);
    const zip = await writeZip([['imsmanifest.xml', manifest(hrefs)], ...hrefs.map((h): [string, string] => [h, CHOICE])], false);
    const r = await refusal(readQti(zip));
    expect(r).toMatchObject({ code: 'VALIDATION', message: `The package holds more than ${QTI_LIMITS.entries} files` });
    // the message says it was refused from the zip's directory, before any item was read; the bound is loose so a
    // busy machine cannot fail it (speed targets live in bench/)
    expect(r.ms).toBeLessThan(10_000);
  });

  it('a manifest naming more items than the limit is refused, even when the files are few', async () => {
    const hrefs = Array.from({ length: QTI_LIMITS.items + 1 }, () => 'choice.xml');
    const r = await refusal(
      readQti(
        await writeZip([
          ['imsmanifest.xml', manifest(hrefs)],
          ['choice.xml', CHOICE],
        ]),
      ),
    );
    expect(r).toMatchObject({
      code: 'VALIDATION',
      message: `The package holds ${QTI_LIMITS.items + 1} items; at most ${QTI_LIMITS.items} are imported at once`,
    });
  });

  it('a package over the size limit is refused as too large; an item file larger than its limit too', async () => {
    expect(await refusal(readQti(Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(QTI_LIMITS.packageBytes)])))).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
    });
    const big = CHOICE.replace('<p>Look', `<p>${'x'.repeat(QTI_LIMITS.xmlBytes)}</p><p>Look`);
    expect(
      await refusal(
        readQti(
          await writeZip([
            ['imsmanifest.xml', manifest(['big.xml'])],
            ['big.xml', big],
          ]),
        ),
      ),
    ).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: 'big.xml is too large once decompressed' });
  });

  it('XML nested deeper than any item is refused, not a stack overflow', async () => {
    const deep = `<qti-assessment-item>${'<div>'.repeat(200000)}${'</div>'.repeat(200000)}</qti-assessment-item>`;
    expect(await refusal(readQti(Buffer.from(deep), 'deep.xml'))).toMatchObject({ code: 'VALIDATION' });
  });

  it('a file that is neither a zip nor XML, and XML that is not well-formed, are refused clearly', async () => {
    expect(await refusal(readQti(Buffer.from('hello'), 'x.txt'))).toMatchObject({
      code: 'VALIDATION',
      message: expect.stringContaining('x.txt is not well-formed XML'),
    });
    expect(await refusal(readQti(Buffer.from('<a><b></a>'), 'x.xml'))).toMatchObject({
      code: 'VALIDATION',
      message: expect.stringContaining('x.xml is not well-formed XML'),
    });
    expect(await refusal(readQti(Buffer.from([0x3c, 0xff, 0xfe]), 'x.xml'))).toMatchObject({
      code: 'VALIDATION',
      message: 'x.xml is not UTF-8 text',
    });
  });
});
