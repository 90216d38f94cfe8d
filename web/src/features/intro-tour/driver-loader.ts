// Loaded with import() when a tour starts: driver.js and its styles stay out of the main chunk.
import 'driver.js/dist/driver.css';
import './intro-tour.css';

export { driver } from 'driver.js';
