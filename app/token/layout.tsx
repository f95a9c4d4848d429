import type { ReactNode } from 'react';
import './token.css';

export default function TokenLayout({ children }: { children: ReactNode }) {
  return children;
}
