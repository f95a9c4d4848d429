import type { ReactNode } from 'react';
import './tx.css';

export default function TransactionLayout({ children }: { children: ReactNode }) {
  return children;
}
