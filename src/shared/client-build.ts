/** The built page a visitor's "/" is served: index.html with the landing page's first screen drawn in. */
export const LANDING_FILE = "landing.html";
