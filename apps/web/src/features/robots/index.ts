import { lazy } from 'react';

// What other features use of the robots (decision 0021): their query keys (a pushed fill or a
// robot notice refreshes the robot screens), and two pieces loaded when first shown so the pages
// around them do not carry the robot screens' code: the financial wallet's robots, and a robot
// position's note on its position page.
export { robotKeys } from './keys';

/** The robot orders holding the financial wallet's money, for its tab. */
export const FinancialRobots = lazy(() => import('./FinancialRobots'));

/** "Robot" with the way to its robot order, for a robot's position page. */
export const RobotNote = lazy(() => import('./RobotNote'));
