export { ContinueBuilding } from './ContinueBuilding';
