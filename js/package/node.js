// The package in Node (package.json's "node" condition): the module instantiated from the
// file system, then the API.
import "./instantiate-node.js";

export * from "./index.js";
