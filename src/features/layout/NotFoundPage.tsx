import { NotFound } from './NotFound';

export function NotFoundPage() {
  return <NotFound />;
}
