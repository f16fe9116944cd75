import { Download, Info } from 'lucide-react';
import {
  type CSSProperties,
  createContext,
  type ReactNode,
  useContext,
  useId,
  useMemo,
  useRef,
  useState,
} from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { cn } from '@/lib/class-names';
import { DEFINITIONS, type Defined } from './definitions';
import { type CsvCell, downloadCsv, type Format, makeFormat, toCsv, viewerLocale } from './format';

// The business page's parts: the owner's number format, a figure's definition on hover and
// focus, a table that scrolls in its own box and downloads as CSV, a two-way toggle.

const FormatContext = createContext<Format | null>(null);

export function FormatProvider({ locale, children }: { locale?: string; children: ReactNode }) {
  const format = useMemo(() => makeFormat(locale ?? viewerLocale()), [locale]);
  return <FormatContext value={format}>{children}</FormatContext>;
}

export function useFormat(): Format {
  const format = useContext(FormatContext);
  return useMemo(() => format ?? makeFormat(viewerLocale()), [format]);
}

/**
 * A figure's name with its definition: shown beside the info button on hover, on keyboard focus
 * and on a tap (Escape or leaving hides it), and the button's description for a screen reader.
 * The pointer may move onto the definition without losing it (WCAG 1.4.13). Placed `fixed`, so a
 * table that scrolls in its own box does not clip it; above the button near the screen's foot.
 */
export function Term({ label, of, className }: { label: string; of: Defined; className?: string }) {
  const id = useId();
  const [at, setAt] = useState<CSSProperties | null>(null);
  const hiding = useRef<ReturnType<typeof setTimeout>>(undefined);
  const show = (element: HTMLElement) => {
    clearTimeout(hiding.current);
    const box = element.getBoundingClientRect();
    const width = Math.min(320, window.innerWidth - 16);
    const left = Math.max(8, Math.min(box.left, window.innerWidth - width - 8));
    const below = box.bottom + 160 < window.innerHeight;
    setAt(below ? { left, top: box.bottom + 6 } : { left, top: box.top - 6, transform: 'translateY(-100%)' });
  };
  const hideSoon = () => {
    clearTimeout(hiding.current);
    hiding.current = setTimeout(() => setAt(null), 200);
  };
  const hide = () => {
    clearTimeout(hiding.current);
    setAt(null);
  };
  return (
    <span className={cn('inline-flex items-center gap-1', className)}>
      {label}
      <button
        type="button"
        aria-label={`${label}: definition`}
        aria-describedby={id}
        className="rounded-full text-zinc-500 hover:text-zinc-900"
        onPointerEnter={(e) => e.pointerType === 'mouse' && show(e.currentTarget)}
        onPointerLeave={(e) => e.pointerType === 'mouse' && hideSoon()}
        onFocus={(e) => show(e.currentTarget)}
        onBlur={hide}
        // A tap shows it (a touch has no hover); tapping elsewhere blurs the button and hides it.
        onClick={(e) => show(e.currentTarget)}
        onKeyDown={(e) => e.key === 'Escape' && hide()}
      >
        <Info className="size-3.5" aria-hidden />
      </button>
      <span
        role="tooltip"
        id={id}
        style={at ?? undefined}
        onPointerEnter={() => clearTimeout(hiding.current)}
        onPointerLeave={hideSoon}
        className={cn(
          'fixed z-50 block w-80 max-w-[calc(100vw-1rem)] whitespace-normal rounded-lg bg-zinc-900 px-3 py-2 text-left text-xs font-normal normal-case leading-relaxed tracking-normal text-white shadow-lg',
          at ? 'visible' : 'invisible left-0 top-0',
        )}
      >
        {DEFINITIONS[of]}
      </span>
    </span>
  );
}

export type Column = { label: string; of?: Defined; numeric?: boolean };
export type Csv = { name: string; header: string[]; rows: CsvCell[][] };

/** A titled table in its own horizontally scrolling box, its first cell a row header, with "Download CSV". */
export function DataTable({
  title,
  of,
  columns,
  rows,
  csv,
  empty,
  cellStyle,
  children,
}: {
  title: string;
  of?: Defined;
  columns: Column[];
  rows: { key: string; cells: ReactNode[]; className?: string; cellClassNames?: (string | undefined)[] }[];
  csv: Csv;
  /** Said above the table when it has nothing to show yet. */
  empty?: string | false;
  /** A cell's colours (the cohorts' scale), by row and column index. */
  cellStyle?: (row: number, column: number) => CSSProperties | undefined;
  children?: ReactNode;
}) {
  const titleId = useId();
  return (
    <Card className="grid min-w-0 gap-3 p-4 sm:p-5">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={titleId} className="font-bold">
          {of ? <Term label={title} of={of} /> : title}
        </h3>
        <Button
          variant="outline"
          size="sm"
          aria-label={`Download CSV: ${title}`}
          onClick={() => downloadCsv(csv.name, toCsv(csv.header, csv.rows))}
        >
          <Download aria-hidden /> Download CSV
        </Button>
      </div>
      {children}
      {empty && <p className="text-sm text-zinc-600">{empty}</p>}
      {/* A keyboard user scrolls the box itself: it is focusable and named by the table's title. */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus (axe scrollable-region-focusable) */}
      <section className="overflow-x-auto" tabIndex={0} aria-labelledby={titleId}>
        <table className="w-full border-collapse text-sm tabular-nums">
          <thead>
            <tr className="border-b border-zinc-200 text-xs text-zinc-600">
              {columns.map((c, i) => (
                <th
                  key={c.label}
                  scope="col"
                  className={cn(
                    'whitespace-nowrap px-2 py-2 font-semibold',
                    c.numeric ? 'text-right' : 'text-left',
                    i === 0 && 'sticky left-0 bg-white',
                  )}
                >
                  {c.of ? (
                    <Term label={c.label} of={c.of} className={c.numeric ? 'justify-end' : undefined} />
                  ) : (
                    c.label
                  )}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, r) => (
              <tr key={row.key} className={cn('border-b border-zinc-100 last:border-0', row.className)}>
                {row.cells.map((cell, i) =>
                  i === 0 ? (
                    <th
                      // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed
                      key={i}
                      scope="row"
                      className="sticky left-0 whitespace-nowrap bg-white px-2 py-2 text-left font-medium"
                    >
                      {cell}
                    </th>
                  ) : (
                    <td
                      // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed
                      key={i}
                      className={cn(
                        'whitespace-nowrap px-2 py-2',
                        columns[i]?.numeric && 'text-right',
                        row.cellClassNames?.[i],
                      )}
                      style={cellStyle?.(r, i)}
                    >
                      {cell}
                    </td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </Card>
  );
}

/** Two (or more) choices as pressed buttons, in a named group. */
export function Toggle<Value extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: Value;
  options: { value: Value; label: string }[];
  onChange: (value: Value) => void;
}) {
  return (
    <fieldset aria-label={label} className="inline-flex rounded-lg border border-zinc-300 bg-white p-0.5">
      {options.map((o) => (
        <button
          key={o.value}
          type="button"
          aria-pressed={o.value === value}
          onClick={() => onChange(o.value)}
          className={cn(
            'rounded-md px-3 py-1.5 text-sm font-semibold',
            o.value === value ? 'bg-zinc-900 text-white' : 'text-zinc-700 hover:bg-zinc-100',
          )}
        >
          {o.label}
        </button>
      ))}
    </fieldset>
  );
}
