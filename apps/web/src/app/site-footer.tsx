import { footerLinks } from '@core28/core/navigation';
import { Link } from 'react-router';
import { Logo } from '@/components/logo';
import { useViewer } from '@/lib/viewer';

const SOCIAL = [
  { label: 'Instagram', href: 'https://www.instagram.com/' },
  { label: 'YouTube', href: 'https://www.youtube.com/' },
  { label: 'Facebook', href: 'https://www.facebook.com/' },
];

/** A whole row to tap on a phone (44 px, WCAG 2.5.5); the text's own height from sm up. */
const LINK = 'inline-flex min-h-11 min-w-11 items-center hover:text-white sm:min-h-0';

export function SiteFooter() {
  const { viewer } = useViewer();
  return (
    <footer className="theme-fixed border-t border-zinc-200 bg-zinc-950 text-zinc-300">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-12 sm:px-6 md:grid-cols-[1.2fr_2fr]">
        <div className="grid content-start gap-3 [&_a]:text-white">
          <Logo />
          <p className="max-w-xs text-sm text-zinc-400">
            A 28-day core program that fits in 20 minutes a day. No equipment, real results.
          </p>
        </div>
        <div className="grid gap-8 sm:grid-cols-2">
          <nav aria-label="Footer">
            <ul className="grid grid-cols-2 gap-x-2 text-sm sm:gap-y-2">
              {footerLinks(viewer).map((link) => (
                <li key={link.to}>
                  <Link to={link.to} className={LINK}>
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <ul className="grid content-start text-sm sm:gap-2" aria-label="Social links">
            {SOCIAL.map((social) => (
              <li key={social.label}>
                <a href={social.href} target="_blank" rel="noopener noreferrer" className={LINK}>
                  {social.label}
                </a>
              </li>
            ))}
          </ul>
        </div>
      </div>
      <div className="border-t border-zinc-800 py-4 text-center text-xs text-zinc-400">
        © {new Date().getFullYear()} Core28. All rights reserved.
      </div>
    </footer>
  );
}
