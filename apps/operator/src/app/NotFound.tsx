import { Link } from 'react-router';
import { Empty } from '../ui/States';

export function NotFound() {
  return (
    <section className="page">
      <Empty>
        This page does not exist. <Link to="/users">Go to users</Link>
      </Empty>
    </section>
  );
}
