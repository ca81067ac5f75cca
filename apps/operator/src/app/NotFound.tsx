import { Link } from 'react-router';
import { Empty } from '../ui/States';

export function NotFound() {
  return (
    <section className="page">
      <header className="page-header">
        <h1>Page not found</h1>
      </header>
      <Empty>
        This page does not exist. <Link to="/users">Go to users</Link>
      </Empty>
    </section>
  );
}
