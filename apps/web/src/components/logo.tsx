import { Link } from 'react-router';

export function Logo() {
  return (
    <Link to="/" className="flex min-h-11 items-center gap-2 font-extrabold tracking-tight">
      <span className="grid size-8 place-items-center rounded-lg bg-brand-600 text-sm text-white">28</span>
      <span className="text-lg">Core28</span>
    </Link>
  );
}
