// The package in browsers and bundlers (package.json's "default" condition): the module
// fetched and instantiated, then the API.
import "./instantiate-browser.js";

export * from "./index.js";
