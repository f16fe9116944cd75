/** An admin table's column names, in the look the admin's tables share. */
export function TableHead({ columns }: { columns: string[] }) {
  return (
    <thead className="bg-zinc-50 text-zinc-500">
      <tr>
        {columns.map((h) => (
          <th key={h} className="px-4 py-2 font-medium">
            {h}
          </th>
        ))}
      </tr>
    </thead>
  );
}
