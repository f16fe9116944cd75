import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { viewOf } from '../business-page';
import { CohortsSection, SCALE, toneOf } from './cohorts-section';
import { EMPTY_FIXTURE, FIXTURE_NOW, fixtureCohorts, fixtureOverTime } from './fixture';
import { csvField, csvFileName, defaultRange, makeFormat, toCsv, validDay } from './format';
import { NowSection } from './now-section';
import { OverTimeSection } from './over-time-section';
import { FormatProvider } from './ui';

const RANGE = { from: '2026-01-01', to: '2026-12-07' };
const render = (node: React.ReactNode, locale = 'en-US') =>
  renderToStaticMarkup(
    <MemoryRouter>
      <FormatProvider locale={locale}>{node}</FormatProvider>
    </MemoryRouter>,
  );
/** The markup's text, tags removed, entities decoded where they matter here. */
const text = (html: string) =>
  html
    .replace(/<span role="tooltip"[^>]*>[^<]*<\/span>/g, '')
    .replace(/<title>[^<]*<\/title>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/[\s\u00a0\u202f]+/g, ' ');

describe('the business page', () => {
  it('shows Now: MRR, paying, ARPU, trials, cancellations and failing payments, and the plans table', () => {
    const page = text(render(<NowSection now={FIXTURE_NOW} today="2026-12-07" />));
    expect(page).toContain('MRR $3,229.68');
    expect(page).toContain('$38,756.16 a year');
    expect(page).toContain('Paying members 231');
    expect(page).toContain('ARPU $13.98');
    expect(page).toContain('In trial 57');
    expect(page).toContain('Scheduled cancellations 9 $119.91 MRR at risk');
    expect(page).toContain('Failing payments 4 $69.96 MRR in grace');
    // By plan, dearest first, with its interval and share of MRR.
    expect(page).toMatch(/The Daily Core Monthly 142 \$1,418\.58 43\.9%.*1-on-1 Burn Monthly 44/);
    expect(page).toContain('The Daily Core Yearly 38 $316.54');
  });

  it('shows a new business as zeros and empty states: never NaN, undefined or Infinity', () => {
    const html = render(
      <>
        <NowSection now={EMPTY_FIXTURE.now} today="2026-12-07" />
        <NowSection now={undefined} today="2026-12-07" />
        <OverTimeSection
          data={EMPTY_FIXTURE.overTime('month', RANGE.from, RANGE.to)}
          by="month"
          range={RANGE}
          onBy={() => {}}
        />
        <OverTimeSection data={undefined} by="week" range={RANGE} onBy={() => {}} />
        <CohortsSection data={EMPTY_FIXTURE.cohorts} range={RANGE} />
        <CohortsSection data={undefined} range={RANGE} />
      </>,
    );
    const page = text(html);
    for (const bad of ['NaN', 'undefined', 'Infinity', 'null']) expect(html).not.toContain(bad);
    expect(page).toContain('MRR $0.00');
    expect(page).toContain('No paying members yet.');
    expect(page).toContain('No paying members yet: MRR and its movements show here from the first checkout.');
    // Not yet loaded: no figure reads as a real zero.
    expect(page).toContain('MRR … …');
    expect(page).toContain('Loading…');
    // An empty range (periods: []) says so.
    const none = text(
      render(
        <OverTimeSection
          data={{ ...EMPTY_FIXTURE.overTime('month', RANGE.from, RANGE.to), periods: [] }}
          by="month"
          range={RANGE}
          onBy={() => {}}
        />,
      ),
    );
    expect(none).toContain('No periods in this range.');
    const failed = text(render(<NowSection now={undefined} isError today="2026-12-07" />));
    expect(failed).toContain('MRR – –');
    expect(failed).toContain('Could not be loaded.');
    expect(page).toContain('No members signed up in this range yet.');
    expect(page).toContain('Not computed yet: the nightly job has not run.');
    // A rate with nothing to divide by is a dash, not 0% and not NaN%.
    expect(page).toContain('Jan 2026 0 0 0 0 0 – –');
    expect(html).not.toContain('role="img"'); // no empty chart
  });

  it('shows each period with its movements, rates and money, and the chart', () => {
    const data = fixtureOverTime('month', RANGE.from, RANGE.to);
    const html = render(<OverTimeSection data={data} by="month" range={RANGE} onBy={() => {}} />);
    const page = text(html);
    const [jan] = data.periods;
    expect(jan!.mrrStartCents).toBe(98_000);
    expect(page).toContain(`Jan 2026 $980.00 $255.60 $0.00 $120.00 −$20.00 −$52.00 $1,283.60`);
    expect(page).toContain('Jan 2026 62 18 0 4 76 6.5% 7.3%');
    expect(page).toContain('Jan 2026 40 14 35%');
    expect(html).toContain('role="img"');
    expect(html).toMatch(/aria-label="Chart of MRR from \$980\.00 to \$[\d,.]+ over 12 months/);
    // A week is named by its Monday.
    const weeks = text(
      render(
        <OverTimeSection
          data={fixtureOverTime('week', '2026-09-21', '2026-12-07')}
          by="week"
          range={RANGE}
          onBy={() => {}}
        />,
      ),
    );
    expect(weeks).toContain('Week of Sep 21, 2026');
  });

  it("formats for the owner's locale, amounts always in US dollars", () => {
    const page = text(render(<NowSection now={FIXTURE_NOW} today="2026-12-07" />, 'de-DE'));
    expect(page).toContain('3.229,68 $');
    expect(page).toContain('43,9 %');
    const f = makeFormat('not a locale');
    expect(f.money(1234)).toBe('$12.34');
    expect(f.money(12_345_678)).toBe('$123,456.78');
    expect(f.moneyAxis(250_000)).toBe('$2.5K');
    expect(f.percent(0.1234)).toBe('12.3%');
    expect(f.percent(null)).toBe('–');
    expect(f.percent(Number.NaN)).toBe('–');
    expect(f.count(Number.NaN)).toBe('0');
  });

  it('shows cohorts as a triangle with the share printed in every coloured cell, and the funnel', () => {
    const data = fixtureCohorts();
    const html = render(<CohortsSection data={data} range={RANGE} />);
    const page = text(html);
    expect(page).toContain(' M0 ');
    expect(page).toContain(' M11 ');
    expect(page).not.toContain('M12');
    // The first cohort has 12 months, the last one month: the later cells are empty.
    const rows = html.split('<tr').filter((row) => row.includes('scope="row"'));
    const coloured = (row: string) => (row.match(/style="background/g) ?? []).length;
    expect(coloured(rows[0]!)).toBe(12);
    expect(coloured(rows[11]!)).toBe(1);
    expect(page).toContain('Jan 2026 80 42%');
    expect(page).toMatch(/Jan 2026 80 73 \(91\.3%\) 53 \(66\.3%\)/);
    expect(page).toContain('Computed Dec 7, 2026');
  });

  it("keeps the colour scale's text AA-readable (4.5:1) on every step", () => {
    const luminance = (hex: string) => {
      const [r, g, b] = [1, 3, 5].map((i) => {
        const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
    };
    for (const step of SCALE) {
      const [a, b] = [luminance(step.background), luminance(step.text)].sort((x, y) => y - x);
      expect((a! + 0.05) / (b! + 0.05), step.background).toBeGreaterThanOrEqual(4.5);
    }
    expect(toneOf(0).background).toBe(SCALE[0].background);
    expect(toneOf(1).background).toBe(SCALE.at(-1)!.background);
    expect(toneOf(0.5).min).toBe(0.4);
  });
});

describe('CSV', () => {
  it('quotes commas, quotes and line breaks, doubles quotes, and defuses formulas', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField(' edge')).toBe('" edge"');
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField('@sum')).toBe("'@sum");
    expect(csvField(-12.5)).toBe('-12.5');
    expect(csvField(Number.NaN)).toBe('');
    expect(csvField(null)).toBe('');
    expect(
      toCsv(
        ['a', 'b'],
        [
          [1, 'x,y'],
          [null, 2],
        ],
      ),
    ).toBe('a,b\r\n1,"x,y"\r\n,2\r\n');
    expect(csvFileName('mrr-by-month', RANGE)).toBe('business-mrr-by-month-2026-01-01-to-2026-12-07.csv');
  });
});

describe('the range', () => {
  it('defaults to the last 12 months or 12 ISO weeks, and reads a valid range from the URL', () => {
    const today = new Date('2026-12-07T10:00:00Z'); // a Monday
    expect(defaultRange('month', today)).toEqual({ from: '2026-01-01', to: '2026-12-07' });
    expect(defaultRange('week', today)).toEqual({ from: '2026-09-21', to: '2026-12-07' });
    expect(defaultRange('week', new Date('2026-12-13T23:00:00Z')).from).toBe('2026-09-21'); // Sunday
    expect(viewOf(new URLSearchParams(''), today)).toEqual({
      by: 'month',
      isCustom: false,
      range: { from: '2026-01-01', to: '2026-12-07' },
    });
    expect(viewOf(new URLSearchParams('by=week&from=2026-03-01&to=2026-04-30'), today)).toEqual({
      by: 'week',
      isCustom: true,
      range: { from: '2026-03-01', to: '2026-04-30' },
    });
    // A hand-edited URL: an impossible day or a reversed range falls back to the default.
    expect(validDay('2026-02-30')).toBeNull();
    expect(viewOf(new URLSearchParams('from=2026-12-01&to=2026-01-01'), today).range).toEqual({
      from: '2026-01-01',
      to: '2026-12-07',
    });
  });
});
