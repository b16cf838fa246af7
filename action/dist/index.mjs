// src/action.mjs
import { mkdirSync, readFileSync as readFileSync2, writeFileSync } from "node:fs";
import path2 from "node:path";

// node_modules/robotspec/instantiate-node.js
import { readFileSync } from "node:fs";

// node_modules/robotspec/dist/robotspec.js
var Reading = class {
  __destroy_into_raw() {
    const ptr = this.__wbg_ptr;
    this.__wbg_ptr = 0;
    ReadingFinalization.unregister(this);
    return ptr;
  }
  free() {
    const ptr = this.__destroy_into_raw();
    wasm.__wbg_reading_free(ptr, 0);
  }
  /**
   * The reading `options` describe (`undefined`: the default variant, lenient, collecting
   * only what a limit cuts). `collect` is the default when the object does not say.
   * @param {any} options
   * @param {string} collect
   */
  constructor(options, collect) {
    const ptr0 = passStringToWasm0(collect, wasm.__wbindgen_malloc, wasm.__wbindgen_realloc);
    const len0 = WASM_VECTOR_LEN;
    const ret = wasm.reading_new(options, ptr0, len0);
    if (ret[2]) {
      throw takeFromExternrefTable0(ret[1]);
    }
    this.__wbg_ptr = ret[0];
    ReadingFinalization.register(this, this.__wbg_ptr, this);
    return this;
  }
  /**
   * The reading's name, as the library writes it.
   * @returns {string}
   */
  get profile() {
    let deferred1_0;
    let deferred1_1;
    try {
      const ret = wasm.reading_profile(this.__wbg_ptr);
      deferred1_0 = ret[0];
      deferred1_1 = ret[1];
      return getStringFromWasm0(ret[0], ret[1]);
    } finally {
      wasm.__wbindgen_free(deferred1_0, deferred1_1, 1);
    }
  }
};
if (Symbol.dispose) Reading.prototype[Symbol.dispose] = Reading.prototype.free;
var RobotsCore = class _RobotsCore {
  static __wrap(ptr) {
    const obj = Object.create(_RobotsCore.prototype);
    obj.__wbg_ptr = ptr;
    RobotsCoreFinalization.register(obj, obj.__wbg_ptr, obj);
    return obj;
  }
  __destroy_into_raw() {
    const ptr = this.__wbg_ptr;
    this.__wbg_ptr = 0;
    RobotsCoreFinalization.unregister(this);
    return ptr;
  }
  free() {
    const ptr = this.__destroy_into_raw();
    wasm.__wbg_robotscore_free(ptr, 0);
  }
  /**
   * [`analyze`](Self::analyze) for each crawler (`undefined`: one no group names), in order;
   * crawlers whose rules say the same are analysed once.
   * @param {any[]} agents
   * @returns {any}
   */
  analyzeEach(agents) {
    const ptr0 = passArrayJsValueToWasm0(agents, wasm.__wbindgen_malloc);
    const len0 = WASM_VECTOR_LEN;
    const ret = wasm.robotscore_analyzeEach(this.__wbg_ptr, ptr0, len0);
    if (ret[2]) {
      throw takeFromExternrefTable0(ret[1]);
    }
    return takeFromExternrefTable0(ret[0]);
  }
  /**
   * The exact analysis of `agent`'s rules over every URL (`undefined`: a crawler no group
   * names), as `Analysis`'s serialisation.
   * @param {string | null} [agent]
   * @returns {any}
   */
  analyze(agent) {
    var ptr0 = isLikeNone(agent) ? 0 : passStringToWasm0(agent, wasm.__wbindgen_malloc, wasm.__wbindgen_realloc);
    var len0 = WASM_VECTOR_LEN;
    const ret = wasm.robotscore_analyze(this.__wbg_ptr, ptr0, len0);
    if (ret[2]) {
      throw takeFromExternrefTable0(ret[1]);
    }
    return takeFromExternrefTable0(ret[0]);
  }
  /**
   * The groups that apply to `agent`: `agent`, `groups`, `crawlDelay`.
   * @param {string} agent
   * @returns {any}
   */
  applicable(agent) {
    const ptr0 = passStringToWasm0(agent, wasm.__wbindgen_malloc, wasm.__wbindgen_realloc);
    const len0 = WASM_VECTOR_LEN;
    const ret = wasm.robotscore_applicable(this.__wbg_ptr, ptr0, len0);
    if (ret[2]) {
      throw takeFromExternrefTable0(ret[1]);
    }
    return takeFromExternrefTable0(ret[0]);
  }
  /**
   * The verdict for each of `urls`, in order.
   * @param {string} agent
   * @param {string[]} urls
   * @returns {any[]}
   */
  checkMany(agent, urls) {
    const ptr0 = passStringToWasm0(agent, wasm.__wbindgen_malloc, wasm.__wbindgen_realloc);
    const len0 = WASM_VECTOR_LEN;
    const ptr1 = passArrayJsValueToWasm0(urls, wasm.__wbindgen_malloc);
    const len1 = WASM_VECTOR_LEN;
    const ret = wasm.robotscore_checkMany(this.__wbg_ptr, ptr0, len0, ptr1, len1);
    if (ret[3]) {
      throw takeFromExternrefTable0(ret[2]);
    }
    var v3 = getArrayJsValueFromWasm0(ret[0], ret[1]);
    wasm.__wbindgen_free(ret[0], ret[1] * 4, 4);
    return v3;
  }
  /**
   * The verdict for `agent` and `url`.
   * @param {string} agent
   * @param {string} url
   * @returns {any}
   */
  check(agent, url) {
    const ptr0 = passStringToWasm0(agent, wasm.__wbindgen_malloc, wasm.__wbindgen_realloc);
    const len0 = WASM_VECTOR_LEN;
    const ptr1 = passStringToWasm0(url, wasm.__wbindgen_malloc, wasm.__wbindgen_realloc);
    const len1 = WASM_VECTOR_LEN;
    const ret = wasm.robotscore_check(this.__wbg_ptr, ptr0, len0, ptr1, len1);
    if (ret[2]) {
      throw takeFromExternrefTable0(ret[1]);
    }
    return takeFromExternrefTable0(ret[0]);
  }
  /**
   * Whether `other` allows `agent` (`undefined`: a crawler no group names) the same URLs,
   * every one; if not, the shortest path each allows alone.
   * @param {RobotsCore} other
   * @param {string | null} [agent]
   * @returns {any}
   */
  compare(other, agent) {
    _assertClass(other, _RobotsCore);
    var ptr0 = isLikeNone(agent) ? 0 : passStringToWasm0(agent, wasm.__wbindgen_malloc, wasm.__wbindgen_realloc);
    var len0 = WASM_VECTOR_LEN;
    const ret = wasm.robotscore_compare(this.__wbg_ptr, other.__wbg_ptr, ptr0, len0);
    if (ret[2]) {
      throw takeFromExternrefTable0(ret[1]);
    }
    return takeFromExternrefTable0(ret[0]);
  }
  /**
   * The first Crawl-delay of the groups that apply to `agent`, in seconds.
   * @param {string} agent
   * @returns {number | undefined}
   */
  crawlDelay(agent) {
    const ptr0 = passStringToWasm0(agent, wasm.__wbindgen_malloc, wasm.__wbindgen_realloc);
    const len0 = WASM_VECTOR_LEN;
    const ret = wasm.robotscore_crawlDelay(this.__wbg_ptr, ptr0, len0);
    if (ret[3]) {
      throw takeFromExternrefTable0(ret[2]);
    }
    return ret[0] === 0 ? void 0 : ret[1];
  }
  /**
   * What the reading found, in input order.
   * @returns {any}
   */
  get diagnostics() {
    const ret = wasm.robotscore_diagnostics(this.__wbg_ptr);
    if (ret[2]) {
      throw takeFromExternrefTable0(ret[1]);
    }
    return takeFromExternrefTable0(ret[0]);
  }
  /**
   * The verdict with every matching rule and why the winner won: the library's
   * serialisation (`explain --format json`) with the package's verdict and the text
   * `robotspec explain` prints.
   * @param {string} agent
   * @param {string} url
   * @returns {any}
   */
  explain(agent, url) {
    const ptr0 = passStringToWasm0(agent, wasm.__wbindgen_malloc, wasm.__wbindgen_realloc);
    const len0 = WASM_VECTOR_LEN;
    const ptr1 = passStringToWasm0(url, wasm.__wbindgen_malloc, wasm.__wbindgen_realloc);
    const len1 = WASM_VECTOR_LEN;
    const ret = wasm.robotscore_explain(this.__wbg_ptr, ptr0, len0, ptr1, len1);
    if (ret[2]) {
      throw takeFromExternrefTable0(ret[1]);
    }
    return takeFromExternrefTable0(ret[0]);
  }
  /**
   * Forgets every agent [`remember_agent`](Self::remember_agent) read; their numbers then
   * name no agent.
   */
  forgetAgents() {
    wasm.robotscore_forgetAgents(this.__wbg_ptr);
  }
  /**
   * `body`'s bytes read as `reading` says; a `StrictError` refusal when a strict reading
   * rejects them. A lenient reading never fails.
   * @param {Uint8Array} body
   * @param {Reading} reading
   * @returns {RobotsCore}
   */
  static fromBytes(body, reading2) {
    const ptr0 = passArray8ToWasm0(body, wasm.__wbindgen_malloc);
    const len0 = WASM_VECTOR_LEN;
    _assertClass(reading2, Reading);
    const ret = wasm.robotscore_fromBytes(ptr0, len0, reading2.__wbg_ptr);
    if (ret[2]) {
      throw takeFromExternrefTable0(ret[1]);
    }
    return _RobotsCore.__wrap(ret[0]);
  }
  /**
   * Every group in file order: `line`, `agents`, `rules`, `records`.
   * @returns {any}
   */
  get groups() {
    const ret = wasm.robotscore_groups(this.__wbg_ptr);
    if (ret[2]) {
      throw takeFromExternrefTable0(ret[1]);
    }
    return takeFromExternrefTable0(ret[0]);
  }
  /**
   * May the crawler [`remember_agent`](Self::remember_agent) numbered `agent` fetch the URL
   * whose UTF-8 the wrapper wrote into the first `length` bytes of the question buffer
   * ([`question_buffer`])? `undefined` when the number names no agent or the bytes are no
   * URL the buffer holds (past its end, or not UTF-8).
   * @param {number} agent
   * @param {number} length
   * @returns {boolean | undefined}
   */
  isAllowedAt(agent, length) {
    const ret = wasm.robotscore_isAllowedAt(this.__wbg_ptr, agent, length);
    return ret === 16777215 ? void 0 : ret !== 0;
  }
  /**
   * May `agent` fetch each of `urls`? 1 or 0 per URL, in order.
   * @param {string} agent
   * @param {string[]} urls
   * @returns {Uint8Array}
   */
  isAllowedMany(agent, urls) {
    const ptr0 = passStringToWasm0(agent, wasm.__wbindgen_malloc, wasm.__wbindgen_realloc);
    const len0 = WASM_VECTOR_LEN;
    const ptr1 = passArrayJsValueToWasm0(urls, wasm.__wbindgen_malloc);
    const len1 = WASM_VECTOR_LEN;
    const ret = wasm.robotscore_isAllowedMany(this.__wbg_ptr, ptr0, len0, ptr1, len1);
    if (ret[3]) {
      throw takeFromExternrefTable0(ret[2]);
    }
    var v3 = getArrayU8FromWasm0(ret[0], ret[1]).slice();
    wasm.__wbindgen_free(ret[0], ret[1] * 1, 1);
    return v3;
  }
  /**
   * May `agent` fetch `url`?
   * @param {string} agent
   * @param {string} url
   * @returns {boolean}
   */
  isAllowed(agent, url) {
    const ptr0 = passStringToWasm0(agent, wasm.__wbindgen_malloc, wasm.__wbindgen_realloc);
    const len0 = WASM_VECTOR_LEN;
    const ptr1 = passStringToWasm0(url, wasm.__wbindgen_malloc, wasm.__wbindgen_realloc);
    const len1 = WASM_VECTOR_LEN;
    const ret = wasm.robotscore_isAllowed(this.__wbg_ptr, ptr0, len0, ptr1, len1);
    if (ret[2]) {
      throw takeFromExternrefTable0(ret[1]);
    }
    return ret[0] !== 0;
  }
  /**
   * Every agent token the groups name, lower-cased, each once, in file order.
   * @returns {string[]}
   */
  get namedAgents() {
    const ret = wasm.robotscore_named_agents(this.__wbg_ptr);
    var v1 = getArrayJsValueFromWasm0(ret[0], ret[1]);
    wasm.__wbindgen_free(ret[0], ret[1] * 4, 4);
    return v1;
  }
  /**
   * The reading that read the file: a variant's name, or a composed reading's.
   * @returns {string}
   */
  get profile() {
    let deferred1_0;
    let deferred1_1;
    try {
      const ret = wasm.robotscore_profile(this.__wbg_ptr);
      deferred1_0 = ret[0];
      deferred1_1 = ret[1];
      return getStringFromWasm0(ret[0], ret[1]);
    } finally {
      wasm.__wbindgen_free(deferred1_0, deferred1_1, 1);
    }
  }
  /**
   * The records of the file rather than of a group (Host, Clean-param, Content-Usage…):
   * `line`, `key`, `value`, `extension`, `typed`, `error`.
   * @returns {any}
   */
  get records() {
    const ret = wasm.robotscore_records(this.__wbg_ptr);
    if (ret[2]) {
      throw takeFromExternrefTable0(ret[1]);
    }
    return takeFromExternrefTable0(ret[0]);
  }
  /**
   * Reads `agent` once for [`is_allowed_at`](Self::is_allowed_at), and looks its groups
   * up: the number to ask by.
   * @param {string} agent
   * @returns {number}
   */
  rememberAgent(agent) {
    const ptr0 = passStringToWasm0(agent, wasm.__wbindgen_malloc, wasm.__wbindgen_realloc);
    const len0 = WASM_VECTOR_LEN;
    const ret = wasm.robotscore_rememberAgent(this.__wbg_ptr, ptr0, len0);
    if (ret[2]) {
      throw takeFromExternrefTable0(ret[1]);
    }
    return ret[0] >>> 0;
  }
  /**
   * The first Request-rate of the groups that apply to `agent`: `[requests, seconds]`.
   * @param {string} agent
   * @returns {Float64Array | undefined}
   */
  requestRate(agent) {
    const ptr0 = passStringToWasm0(agent, wasm.__wbindgen_malloc, wasm.__wbindgen_realloc);
    const len0 = WASM_VECTOR_LEN;
    const ret = wasm.robotscore_requestRate(this.__wbg_ptr, ptr0, len0);
    if (ret[3]) {
      throw takeFromExternrefTable0(ret[2]);
    }
    let v2;
    if (ret[0] !== 0) {
      v2 = getArrayF64FromWasm0(ret[0], ret[1]).slice();
      wasm.__wbindgen_free(ret[0], ret[1] * 8, 8);
    }
    return v2;
  }
  /**
   * The Sitemap URLs, as written (bytes that are not UTF-8 replaced), in file order.
   * @returns {string[]}
   */
  get sitemaps() {
    const ret = wasm.robotscore_sitemaps(this.__wbg_ptr);
    var v1 = getArrayJsValueFromWasm0(ret[0], ret[1]);
    wasm.__wbindgen_free(ret[0], ret[1] * 4, 4);
    return v1;
  }
  /**
   * The file as the profile reads it (`variant`, `groups`, `sitemaps`, `records`,
   * `ignoredRules`, `diagnostics`).
   * @returns {any}
   */
  toJSON() {
    const ret = wasm.robotscore_toJSON(this.__wbg_ptr);
    if (ret[2]) {
      throw takeFromExternrefTable0(ret[1]);
    }
    return takeFromExternrefTable0(ret[0]);
  }
  /**
   * The usage preferences (Content-Usage, Content-Signal) for `agent` on `url`, as
   * `usage --format json` prints them, with the package's verdict and the text.
   * @param {string} agent
   * @param {string} url
   * @returns {any}
   */
  usage(agent, url) {
    const ptr0 = passStringToWasm0(agent, wasm.__wbindgen_malloc, wasm.__wbindgen_realloc);
    const len0 = WASM_VECTOR_LEN;
    const ptr1 = passStringToWasm0(url, wasm.__wbindgen_malloc, wasm.__wbindgen_realloc);
    const len1 = WASM_VECTOR_LEN;
    const ret = wasm.robotscore_usage(this.__wbg_ptr, ptr0, len0, ptr1, len1);
    if (ret[2]) {
      throw takeFromExternrefTable0(ret[1]);
    }
    return takeFromExternrefTable0(ret[0]);
  }
};
if (Symbol.dispose) RobotsCore.prototype[Symbol.dispose] = RobotsCore.prototype.free;
function constants() {
  const ret = wasm.constants();
  if (ret[2]) {
    throw takeFromExternrefTable0(ret[1]);
  }
  return takeFromExternrefTable0(ret[0]);
}
function lint(body, options) {
  const ptr0 = passArray8ToWasm0(body, wasm.__wbindgen_malloc);
  const len0 = WASM_VECTOR_LEN;
  const ret = wasm.lint(ptr0, len0, options);
  if (ret[2]) {
    throw takeFromExternrefTable0(ret[1]);
  }
  return takeFromExternrefTable0(ret[0]);
}
function lintSarif(names, bodies, options) {
  const ptr0 = passArrayJsValueToWasm0(names, wasm.__wbindgen_malloc);
  const len0 = WASM_VECTOR_LEN;
  const ptr1 = passArrayJsValueToWasm0(bodies, wasm.__wbindgen_malloc);
  const len1 = WASM_VECTOR_LEN;
  const ret = wasm.lintSarif(ptr0, len0, ptr1, len1, options);
  if (ret[2]) {
    throw takeFromExternrefTable0(ret[1]);
  }
  return takeFromExternrefTable0(ret[0]);
}
function moduleMemory() {
  const ret = wasm.moduleMemory();
  return ret;
}
function questionBuffer(capacity) {
  const ret = wasm.questionBuffer(capacity);
  return ret >>> 0;
}
function __wbg_get_imports() {
  const import0 = {
    __proto__: null,
    __wbg_Error_30c8987f7c2ed4e2: function(arg0, arg1) {
      const ret = Error(getStringFromWasm0(arg0, arg1));
      return ret;
    },
    __wbg_String_8564e559799eccda: function(arg0, arg1) {
      const ret = String(arg1);
      const ptr1 = passStringToWasm0(ret, wasm.__wbindgen_malloc, wasm.__wbindgen_realloc);
      const len1 = WASM_VECTOR_LEN;
      getDataViewMemory0().setInt32(arg0 + 4 * 1, len1, true);
      getDataViewMemory0().setInt32(arg0 + 4 * 0, ptr1, true);
    },
    __wbg___wbindgen_boolean_get_5b446f51afd21013: function(arg0) {
      const v = arg0;
      const ret = typeof v === "boolean" ? v : void 0;
      return isLikeNone(ret) ? 16777215 : ret ? 1 : 0;
    },
    __wbg___wbindgen_debug_string_4687d8d8c2017d52: function(arg0, arg1) {
      const ret = debugString(arg1);
      const ptr1 = passStringToWasm0(ret, wasm.__wbindgen_malloc, wasm.__wbindgen_realloc);
      const len1 = WASM_VECTOR_LEN;
      getDataViewMemory0().setInt32(arg0 + 4 * 1, len1, true);
      getDataViewMemory0().setInt32(arg0 + 4 * 0, ptr1, true);
    },
    __wbg___wbindgen_in_92f62ee1427d9e49: function(arg0, arg1) {
      const ret = arg0 in arg1;
      return ret;
    },
    __wbg___wbindgen_is_function_1f9d30630b8b1d3d: function(arg0) {
      const ret = typeof arg0 === "function";
      return ret;
    },
    __wbg___wbindgen_is_null_e343b7d08827ba72: function(arg0) {
      const ret = arg0 === null;
      return ret;
    },
    __wbg___wbindgen_is_object_3c45d4f2dde4e749: function(arg0) {
      const val = arg0;
      const ret = typeof val === "object" && val !== null;
      return ret;
    },
    __wbg___wbindgen_is_string_90b56bc79aad6f6c: function(arg0) {
      const ret = typeof arg0 === "string";
      return ret;
    },
    __wbg___wbindgen_is_undefined_8865fb403f8fe9d8: function(arg0) {
      const ret = arg0 === void 0;
      return ret;
    },
    __wbg___wbindgen_jsval_loose_eq_677f21e468d6b461: function(arg0, arg1) {
      const ret = arg0 == arg1;
      return ret;
    },
    __wbg___wbindgen_memory_caa4a6165639c8b5: function() {
      const ret = wasm.memory;
      return ret;
    },
    __wbg___wbindgen_number_get_2e0e7dee9f701a71: function(arg0, arg1) {
      const obj = arg1;
      const ret = typeof obj === "number" ? obj : void 0;
      getDataViewMemory0().setFloat64(arg0 + 8 * 1, isLikeNone(ret) ? 0 : ret, true);
      getDataViewMemory0().setInt32(arg0 + 4 * 0, !isLikeNone(ret), true);
    },
    __wbg___wbindgen_string_get_0380ccaa2f57f0d9: function(arg0, arg1) {
      const obj = arg1;
      const ret = typeof obj === "string" ? obj : void 0;
      var ptr1 = isLikeNone(ret) ? 0 : passStringToWasm0(ret, wasm.__wbindgen_malloc, wasm.__wbindgen_realloc);
      var len1 = WASM_VECTOR_LEN;
      getDataViewMemory0().setInt32(arg0 + 4 * 1, len1, true);
      getDataViewMemory0().setInt32(arg0 + 4 * 0, ptr1, true);
    },
    __wbg___wbindgen_throw_41e9ee4f547fc59a: function(arg0, arg1) {
      throw new Error(getStringFromWasm0(arg0, arg1));
    },
    __wbg_call_6137034ef55c9d0f: function() {
      return handleError(function(arg0, arg1) {
        const ret = arg0.call(arg1);
        return ret;
      }, arguments);
    },
    __wbg_done_b41a1d26cdb37fb6: function(arg0) {
      const ret = arg0.done;
      return ret;
    },
    __wbg_entries_fb6397112b1de25f: function(arg0) {
      const ret = Object.entries(arg0);
      return ret;
    },
    __wbg_get_658f6698067d9515: function() {
      return handleError(function(arg0, arg1) {
        const ret = Reflect.get(arg0, arg1);
        return ret;
      }, arguments);
    },
    __wbg_get_6c896e0571ddae51: function(arg0, arg1) {
      const ret = arg0[arg1 >>> 0];
      return ret;
    },
    __wbg_get_unchecked_288889d017702237: function(arg0, arg1) {
      const ret = arg0[arg1 >>> 0];
      return ret;
    },
    __wbg_get_with_ref_key_6412cf3094599694: function(arg0, arg1) {
      const ret = arg0[arg1];
      return ret;
    },
    __wbg_instanceof_ArrayBuffer_a99f175873e5d9b8: function(arg0) {
      let result;
      try {
        result = arg0 instanceof ArrayBuffer;
      } catch (_) {
        result = false;
      }
      const ret = result;
      return ret;
    },
    __wbg_instanceof_Uint8Array_828cef2aaacafc31: function(arg0) {
      let result;
      try {
        result = arg0 instanceof Uint8Array;
      } catch (_) {
        result = false;
      }
      const ret = result;
      return ret;
    },
    __wbg_isArray_e15a2ff68ffdbef2: function(arg0) {
      const ret = Array.isArray(arg0);
      return ret;
    },
    __wbg_iterator_e3c31c892080e444: function() {
      const ret = Symbol.iterator;
      return ret;
    },
    __wbg_length_7f3c00c40364105e: function(arg0) {
      const ret = arg0.length;
      return ret;
    },
    __wbg_length_d4bdea10311bd9cf: function(arg0) {
      const ret = arg0.length;
      return ret;
    },
    __wbg_new_1dbf7428bba60a42: function(arg0) {
      const ret = new Uint8Array(arg0);
      return ret;
    },
    __wbg_new_28744009d011f847: function() {
      const ret = /* @__PURE__ */ new Map();
      return ret;
    },
    __wbg_new_617a8cdb8bb1130e: function() {
      const ret = new Object();
      return ret;
    },
    __wbg_new_ee2291f50781bf1d: function() {
      const ret = new Array();
      return ret;
    },
    __wbg_next_33784799010f1bbe: function(arg0) {
      const ret = arg0.next;
      return ret;
    },
    __wbg_next_f4aac29c42af995c: function() {
      return handleError(function(arg0) {
        const ret = arg0.next();
        return ret;
      }, arguments);
    },
    __wbg_prototypesetcall_bc27214492979395: function(arg0, arg1, arg2) {
      Uint8Array.prototype.set.call(getArrayU8FromWasm0(arg0, arg1), arg2);
    },
    __wbg_set_145a351398b48c65: function() {
      return handleError(function(arg0, arg1, arg2) {
        const ret = Reflect.set(arg0, arg1, arg2);
        return ret;
      }, arguments);
    },
    __wbg_set_6ae97e73113c4f0b: function(arg0, arg1, arg2) {
      const ret = arg0.set(arg1, arg2);
      return ret;
    },
    __wbg_set_6be42768c690e380: function(arg0, arg1, arg2) {
      arg0[arg1] = arg2;
    },
    __wbg_set_bea140a88be9b277: function(arg0, arg1, arg2) {
      arg0[arg1 >>> 0] = arg2;
    },
    __wbg_value_f3c585ee8f5ba40c: function(arg0) {
      const ret = arg0.value;
      return ret;
    },
    __wbindgen_generic_0000000000000001: function(arg0) {
      const ret = arg0;
      return ret;
    },
    __wbindgen_generic_0000000000000002: function(arg0) {
      const ret = arg0;
      return ret;
    },
    __wbindgen_generic_0000000000000003: function(arg0, arg1) {
      const ret = getStringFromWasm0(arg0, arg1);
      return ret;
    },
    __wbindgen_generic_0000000000000004: function(arg0) {
      const ret = BigInt.asUintN(64, arg0);
      return ret;
    },
    __wbindgen_init_externref_table: function() {
      const table = wasm.__wbindgen_externrefs;
      const offset = table.grow(4);
      table.set(0, void 0);
      table.set(offset + 0, void 0);
      table.set(offset + 1, null);
      table.set(offset + 2, true);
      table.set(offset + 3, false);
    }
  };
  return {
    __proto__: null,
    "./robotspec_bg.js": import0
  };
}
var ReadingFinalization = typeof FinalizationRegistry === "undefined" ? { register: () => {
}, unregister: () => {
} } : new FinalizationRegistry((ptr) => wasm.__wbg_reading_free(ptr, 1));
var RobotsCoreFinalization = typeof FinalizationRegistry === "undefined" ? { register: () => {
}, unregister: () => {
} } : new FinalizationRegistry((ptr) => wasm.__wbg_robotscore_free(ptr, 1));
function addToExternrefTable0(obj) {
  const idx = wasm.__externref_table_alloc();
  wasm.__wbindgen_externrefs.set(idx, obj);
  return idx;
}
function _assertClass(instance, klass) {
  if (!(instance instanceof klass)) {
    throw new Error(`expected instance of ${klass.name}`);
  }
}
function debugString(val) {
  const type = typeof val;
  if (type == "number" || type == "boolean" || val == null) {
    return `${val}`;
  }
  if (type == "string") {
    return `"${val}"`;
  }
  if (type == "symbol") {
    const description = val.description;
    if (description == null) {
      return "Symbol";
    } else {
      return `Symbol(${description})`;
    }
  }
  if (type == "function") {
    const name = val.name;
    if (typeof name == "string" && name.length > 0) {
      return `Function(${name})`;
    } else {
      return "Function";
    }
  }
  if (Array.isArray(val)) {
    const length = val.length;
    let debug = "[";
    if (length > 0) {
      debug += debugString(val[0]);
    }
    for (let i = 1; i < length; i++) {
      debug += ", " + debugString(val[i]);
    }
    debug += "]";
    return debug;
  }
  const builtInMatches = /\[object ([^\]]+)\]/.exec(toString.call(val));
  let className;
  if (builtInMatches && builtInMatches.length > 1) {
    className = builtInMatches[1];
  } else {
    return toString.call(val);
  }
  if (className == "Object") {
    try {
      return "Object(" + JSON.stringify(val) + ")";
    } catch (_) {
      return "Object";
    }
  }
  if (val instanceof Error) {
    return `${val.name}: ${val.message}
${val.stack}`;
  }
  return className;
}
function getArrayF64FromWasm0(ptr, len) {
  ptr = ptr >>> 0;
  return getFloat64ArrayMemory0().subarray(ptr / 8, ptr / 8 + len);
}
function getArrayJsValueFromWasm0(ptr, len) {
  ptr = ptr >>> 0;
  const mem = getDataViewMemory0();
  const result = [];
  for (let i = ptr; i < ptr + 4 * len; i += 4) {
    result.push(wasm.__wbindgen_externrefs.get(mem.getUint32(i, true)));
  }
  wasm.__externref_drop_slice(ptr, len);
  return result;
}
function getArrayU8FromWasm0(ptr, len) {
  ptr = ptr >>> 0;
  return getUint8ArrayMemory0().subarray(ptr / 1, ptr / 1 + len);
}
var cachedDataViewMemory0 = null;
function getDataViewMemory0() {
  if (cachedDataViewMemory0 === null || cachedDataViewMemory0.buffer.detached === true || cachedDataViewMemory0.buffer.detached === void 0 && cachedDataViewMemory0.buffer !== wasm.memory.buffer) {
    cachedDataViewMemory0 = new DataView(wasm.memory.buffer);
  }
  return cachedDataViewMemory0;
}
var cachedFloat64ArrayMemory0 = null;
function getFloat64ArrayMemory0() {
  if (cachedFloat64ArrayMemory0 === null || cachedFloat64ArrayMemory0.byteLength === 0) {
    cachedFloat64ArrayMemory0 = new Float64Array(wasm.memory.buffer);
  }
  return cachedFloat64ArrayMemory0;
}
function getStringFromWasm0(ptr, len) {
  return decodeText(ptr >>> 0, len);
}
var cachedUint8ArrayMemory0 = null;
function getUint8ArrayMemory0() {
  if (cachedUint8ArrayMemory0 === null || cachedUint8ArrayMemory0.byteLength === 0) {
    cachedUint8ArrayMemory0 = new Uint8Array(wasm.memory.buffer);
  }
  return cachedUint8ArrayMemory0;
}
function handleError(f, args) {
  try {
    return f.apply(this, args);
  } catch (e) {
    const idx = addToExternrefTable0(e);
    wasm.__wbindgen_exn_store(idx);
  }
}
function isLikeNone(x) {
  return x === void 0 || x === null;
}
function passArray8ToWasm0(arg, malloc) {
  const ptr = malloc(arg.length * 1, 1) >>> 0;
  getUint8ArrayMemory0().set(arg, ptr / 1);
  WASM_VECTOR_LEN = arg.length;
  return ptr;
}
function passArrayJsValueToWasm0(array, malloc) {
  const ptr = malloc(array.length * 4, 4) >>> 0;
  for (let i = 0; i < array.length; i++) {
    const add = addToExternrefTable0(array[i]);
    getDataViewMemory0().setUint32(ptr + 4 * i, add, true);
  }
  WASM_VECTOR_LEN = array.length;
  return ptr;
}
function passStringToWasm0(arg, malloc, realloc) {
  if (realloc === void 0) {
    const buf = cachedTextEncoder.encode(arg);
    const ptr2 = malloc(buf.length, 1) >>> 0;
    getUint8ArrayMemory0().subarray(ptr2, ptr2 + buf.length).set(buf);
    WASM_VECTOR_LEN = buf.length;
    return ptr2;
  }
  let len = arg.length;
  let ptr = malloc(len, 1) >>> 0;
  const mem = getUint8ArrayMemory0();
  let offset = 0;
  for (; offset < len; offset++) {
    const code = arg.charCodeAt(offset);
    if (code > 127) break;
    mem[ptr + offset] = code;
  }
  if (offset !== len) {
    if (offset !== 0) {
      arg = arg.slice(offset);
    }
    ptr = realloc(ptr, len, len = offset + arg.length * 3, 1) >>> 0;
    const view = getUint8ArrayMemory0().subarray(ptr + offset, ptr + len);
    const ret = cachedTextEncoder.encodeInto(arg, view);
    offset += ret.written;
    ptr = realloc(ptr, len, offset, 1) >>> 0;
  }
  WASM_VECTOR_LEN = offset;
  return ptr;
}
function takeFromExternrefTable0(idx) {
  const value = wasm.__wbindgen_externrefs.get(idx);
  wasm.__externref_table_dealloc(idx);
  return value;
}
var cachedTextDecoder = new TextDecoder("utf-8", { ignoreBOM: true, fatal: true });
cachedTextDecoder.decode();
var MAX_SAFARI_DECODE_BYTES = 2146435072;
var numBytesDecoded = 0;
function decodeText(ptr, len) {
  numBytesDecoded += len;
  if (numBytesDecoded >= MAX_SAFARI_DECODE_BYTES) {
    cachedTextDecoder = new TextDecoder("utf-8", { ignoreBOM: true, fatal: true });
    cachedTextDecoder.decode();
    numBytesDecoded = len;
  }
  return cachedTextDecoder.decode(getUint8ArrayMemory0().subarray(ptr, ptr + len));
}
var cachedTextEncoder = new TextEncoder();
if (!("encodeInto" in cachedTextEncoder)) {
  cachedTextEncoder.encodeInto = function(arg, view) {
    const buf = cachedTextEncoder.encode(arg);
    view.set(buf);
    return {
      read: arg.length,
      written: buf.length
    };
  };
}
var WASM_VECTOR_LEN = 0;
var wasmModule;
var wasmInstance;
var wasm;
function __wbg_finalize_init(instance, module) {
  wasmInstance = instance;
  wasm = instance.exports;
  wasmModule = module;
  cachedDataViewMemory0 = null;
  cachedFloat64ArrayMemory0 = null;
  cachedUint8ArrayMemory0 = null;
  wasm.__wbindgen_start();
  return wasm;
}
function initSync(module) {
  if (wasm !== void 0) return wasm;
  if (module !== void 0) {
    if (Object.getPrototypeOf(module) === Object.prototype) {
      ({ module } = module);
    } else {
      console.warn("using deprecated parameters for `initSync()`; pass a single object instead");
    }
  }
  const imports = __wbg_get_imports();
  if (!(module instanceof WebAssembly.Module)) {
    module = new WebAssembly.Module(module);
  }
  const instance = new WebAssembly.Instance(module, imports);
  return __wbg_finalize_init(instance, module);
}

// node_modules/robotspec/instantiate-node.js
initSync({ module: readFileSync(new URL("./dist/robotspec_bg.wasm", import.meta.url)) });

// node_modules/robotspec/index.js
var RobotspecError = class extends Error {
  constructor(message, options) {
    super(message, options);
    this.name = new.target.name;
  }
};
var StrictError = class extends RobotspecError {
  constructor(message, diagnostics) {
    super(message);
    this.diagnostics = diagnostics;
  }
};
var AgentError = class extends RobotspecError {
};
var ReadingError = class extends RobotspecError {
};
var classes = { agent: AgentError, reading: ReadingError, argument: RobotspecError };
function converted(thrown) {
  if (thrown !== null && typeof thrown === "object" && typeof thrown.kind === "string") {
    if (thrown.kind === "strict") {
      return new StrictError(thrown.message, thrown.diagnostics);
    }
    return new (classes[thrown.kind] ?? RobotspecError)(thrown.message);
  }
  if (typeof thrown === "string") {
    return new RobotspecError(thrown);
  }
  return thrown;
}
var constants2 = constants();
var VARIANTS = Object.freeze(constants2.variants);
var DEFAULT_VARIANT = constants2.defaultVariant;
var SETTINGS = Object.freeze(
  Object.fromEntries(
    Object.entries(constants2.settings).map(([name, choices]) => [name, Object.freeze(choices)])
  )
);
var LIMITS = Object.freeze(constants2.limits);
var VERSION = constants2.version;
var encoder = new TextEncoder();
function bytes(body, what = "body") {
  if (body instanceof Uint8Array) {
    return body;
  }
  if (typeof body === "string") {
    return encoder.encode(body);
  }
  throw new RobotspecError(`${what} must be a Uint8Array or a string, not ${kind(body)}`);
}
var QUESTION_BYTES = 1 << 12;
var question = new Uint8Array(0);
function asked(url) {
  if (typeof url === "string" && url.length <= QUESTION_BYTES) {
    if (question.byteLength !== QUESTION_BYTES) {
      question = questionRoom(QUESTION_BYTES);
    }
    const view = question;
    let copied = 0;
    while (copied < url.length && url.charCodeAt(copied) < 128) {
      view[copied] = url.charCodeAt(copied);
      copied++;
    }
    if (copied === url.length) {
      return copied;
    }
  }
  const text = urlText(url);
  const room = Math.max(text.length * 3, QUESTION_BYTES);
  if (room !== question.byteLength) {
    question = questionRoom(room);
  }
  return encoder.encodeInto(text, question).written;
}
function questionRoom(bytes2) {
  const address = questionBuffer(bytes2);
  return new Uint8Array(moduleMemory().buffer, address, bytes2);
}
var REMEMBERED_AGENTS = 64;
var REUSED_UNITS = 1 << 20;
var reused = new Uint8Array(0);
function copiedBytes(body) {
  if (typeof body !== "string" || body.length > REUSED_UNITS) {
    return bytes(body);
  }
  if (reused.length < body.length * 3) {
    reused = new Uint8Array(Math.max(body.length * 3, 1 << 16));
  }
  return reused.subarray(0, encoder.encodeInto(body, reused).written);
}
function urlText(url, what = "url") {
  if (typeof url === "string") {
    if (url.isWellFormed()) {
      return url;
    }
    throw new RobotspecError(`${what} holds a lone surrogate, which no URL can`);
  }
  if (url instanceof URL) {
    return url.href;
  }
  throw new RobotspecError(`${what} must be a string or a URL, not ${kind(url)}`);
}
function agentText(agent) {
  if (typeof agent !== "string") {
    throw new RobotspecError(`agent must be a string, not ${kind(agent)}`);
  }
  if (!agent.isWellFormed()) {
    throw new AgentError(`the agent holds a lone surrogate: ${JSON.stringify(agent)}`);
  }
  return agent;
}
function kind(value) {
  return value === null ? "null" : Array.isArray(value) ? "an array" : typeof value;
}
function items(values, what, each) {
  if (typeof values === "string" || values == null || typeof values[Symbol.iterator] !== "function") {
    throw new RobotspecError(`${what} must be an iterable (an array), not ${kind(values)}`);
  }
  return Array.from(values, (value, index) => each(value, `${what}[${index}]`));
}
var readKeys = ["profile", "mode", "collect", "dropInvalidUtf8", "limits"];
function known(options, keys, what) {
  if (options === null || typeof options !== "object") {
    throw new RobotspecError(`${what} must be an object, not ${kind(options)}`);
  }
  for (const key of Object.keys(options)) {
    if (!keys.includes(key)) {
      throw new ReadingError(`unknown option \`${key}\` of ${what} (the options are: ${keys.join(", ")})`);
    }
  }
  return options;
}
var defaults = /* @__PURE__ */ new Map();
function reading(options, collect) {
  if (options === void 0) {
    let made = defaults.get(collect);
    if (made === void 0) {
      made = call(() => new Reading(void 0, collect));
      defaults.set(collect, made);
    }
    return made;
  }
  known(options, readKeys, "the reading options");
  return call(() => new Reading(options, collect));
}
function call(work) {
  try {
    return work();
  } catch (thrown) {
    throw converted(thrown);
  }
}
function release(made) {
  if (![...defaults.values()].includes(made)) {
    made.free();
  }
}
var dispose = Symbol.dispose ?? /* @__PURE__ */ Symbol.for("Symbol.dispose");
var Robots = class _Robots {
  #core;
  /** The agents the module has read (`rememberAgent`), as given, to the number it gave. */
  #agents = /* @__PURE__ */ new Map();
  /**
   * @param {Uint8Array | string} body the file: bytes as fetched, or a string (as UTF-8)
   * @param {import("./index.js").ReadOptions} [options]
   */
  constructor(body, options) {
    const made = reading(options, "limits");
    try {
      this.#core = call(() => RobotsCore.fromBytes(copiedBytes(body), made));
    } finally {
      release(made);
    }
  }
  /** The module's object, or an error once freed. */
  #live() {
    if (this.#core === void 0) {
      throw new RobotspecError("this Robots was freed");
    }
    return this.#core;
  }
  /** `work(core)`, refusals converted (and a freed file said so). */
  #call(work) {
    try {
      return work(this.#core);
    } catch (thrown) {
      this.#live();
      throw converted(thrown);
    }
  }
  get profile() {
    return this.#call((inner) => inner.profile);
  }
  isAllowed(agent, url) {
    try {
      const number = this.#agents.get(agent) ?? this.#remember(agent);
      const answer = this.#core.isAllowedAt(number, asked(url));
      if (answer === void 0) {
        throw new RobotspecError("the module lost the question (a bug: please report it)");
      }
      return answer;
    } catch (thrown) {
      this.#live();
      throw converted(thrown);
    }
  }
  /** Has the module read `agent` once, keeping at most `REMEMBERED_AGENTS` of them. */
  #remember(agent) {
    const text = agentText(agent);
    if (this.#agents.size === REMEMBERED_AGENTS) {
      this.#agents.clear();
      this.#core.forgetAgents();
    }
    const number = this.#core.rememberAgent(text);
    this.#agents.set(agent, number);
    return number;
  }
  isAllowedMany(agent, urls) {
    const texts = items(urls, "urls", urlText);
    return this.#call((inner) => Array.from(inner.isAllowedMany(agentText(agent), texts), Boolean));
  }
  check(agent, url) {
    return this.#call((inner) => inner.check(agentText(agent), urlText(url)));
  }
  checkMany(agent, urls) {
    const texts = items(urls, "urls", urlText);
    return this.#call((inner) => inner.checkMany(agentText(agent), texts));
  }
  explain(agent, url) {
    return this.#call((inner) => inner.explain(agentText(agent), urlText(url)));
  }
  usage(agent, url) {
    return this.#call((inner) => inner.usage(agentText(agent), urlText(url)));
  }
  crawlDelay(agent) {
    return this.#call((inner) => inner.crawlDelay(agentText(agent)));
  }
  requestRate(agent) {
    const rate = this.#call((inner) => inner.requestRate(agentText(agent)));
    return rate === void 0 ? void 0 : { requests: rate[0], seconds: rate[1] };
  }
  /** The groups that apply to `agent`: `agent`, `groups`, `crawlDelay`. */
  applicable(agent) {
    return this.#call((inner) => inner.applicable(agentText(agent)));
  }
  get sitemaps() {
    return this.#call((inner) => inner.sitemaps);
  }
  get records() {
    return this.#call((inner) => inner.records);
  }
  get groups() {
    return this.#call((inner) => inner.groups);
  }
  get namedAgents() {
    return this.#call((inner) => inner.namedAgents);
  }
  get diagnostics() {
    return this.#call((inner) => inner.diagnostics);
  }
  analyze(agent) {
    const crawler = agent === void 0 ? void 0 : agentText(agent);
    return this.#call((inner) => inner.analyze(crawler));
  }
  analyzeEach(agents) {
    const crawlers = items(
      agents,
      "agents",
      (agent) => agent === void 0 ? void 0 : agentText(agent)
    );
    return this.#call((inner) => inner.analyzeEach(crawlers));
  }
  compare(other, agent) {
    if (!(other instanceof _Robots)) {
      throw new RobotspecError(`other must be a Robots, not ${kind(other)}`);
    }
    const crawler = agent === void 0 ? void 0 : agentText(agent);
    const theirs = other.#live();
    return this.#call((inner) => inner.compare(theirs, crawler));
  }
  toJSON() {
    return this.#call((inner) => inner.toJSON());
  }
  /** Frees the module's memory now; the object answers nothing afterwards. */
  free() {
    if (this.#core !== void 0) {
      this.#core.free();
      this.#core = void 0;
    }
  }
  [dispose]() {
    this.free();
  }
};
function lintOptions(options, keys) {
  return options === void 0 ? void 0 : known(options, keys, "the lint options");
}
function lint2(body, options) {
  const input = bytes(body);
  return call(() => lint(input, lintOptions(options, ["profiles", "allow", "deny", "path"])));
}
function lintSarif2(files, options) {
  const list = items(files, "files", (file, what) => {
    if (file === null || typeof file !== "object" || typeof file.path !== "string") {
      throw new RobotspecError(`${what} must be { path: string, body }`);
    }
    return { path: file.path, body: bytes(file.body, `${what}.body`) };
  });
  const read = lintOptions(options, ["profiles", "allow", "deny"]);
  return call(
    () => lintSarif(
      list.map((file) => file.path),
      list.map((file) => file.body),
      read
    )
  );
}

// src/files.mjs
import { readdirSync, statSync } from "node:fs";
import path from "node:path";
var SKIPPED_FOLDERS = /* @__PURE__ */ new Set([".git", "node_modules"]);
function isPattern(segment) {
  return /[*?[]/.test(segment);
}
function segmentRegExp(segment) {
  let source = "";
  for (let i = 0; i < segment.length; i += 1) {
    const char = segment[i];
    const classEnd = char === "[" ? segment.indexOf("]", i + 2) : -1;
    if (char === "*") {
      source += "[^/]*";
    } else if (char === "?") {
      source += "[^/]";
    } else if (classEnd > 0) {
      source += characterClass(segment.slice(i + 1, classEnd));
      i = classEnd;
    } else {
      source += char.replace(/[\\^$.*+?()[\]{}|/-]/g, "\\$&");
    }
  }
  return new RegExp(`^${source}$`, "s");
}
function characterClass(inside) {
  const negated = inside.startsWith("!") || inside.startsWith("^");
  const members = (negated ? inside.slice(1) : inside).replace(/[\\\]^[]/g, "\\$&");
  return `[${negated ? "^" : ""}${members}]`;
}
function statOrNull(file) {
  try {
    return statSync(file);
  } catch {
    return null;
  }
}
function entries(folder) {
  try {
    return readdirSync(folder, { withFileTypes: true });
  } catch {
    return [];
  }
}
function walk(folder, segments, found) {
  const [head, ...rest] = segments;
  if (head === "**") {
    walk(folder, rest.length > 0 ? rest : ["*"], found);
    for (const entry of entries(folder)) {
      if (entry.isDirectory() && !SKIPPED_FOLDERS.has(entry.name)) {
        walk(path.join(folder, entry.name), segments, found);
      }
    }
    return;
  }
  const matcher = isPattern(head) ? segmentRegExp(head) : null;
  const names = matcher ? entries(folder).map((entry) => entry.name).filter((name) => matcher.test(name)) : [head];
  for (const name of names) {
    const target = path.join(folder, name);
    const stat = statOrNull(target);
    if (rest.length === 0 && stat?.isFile()) {
      found.add(target);
    } else if (rest.length > 0 && stat?.isDirectory()) {
      walk(target, rest, found);
    }
  }
}
function expandOne(pattern, root) {
  const absolute = path.resolve(root, pattern);
  if (!isPattern(pattern)) {
    if (!statOrNull(absolute)?.isFile()) {
      throw new Error(`${pattern}: no such file (under ${root})`);
    }
    return [absolute];
  }
  const { root: start } = path.parse(absolute);
  const segments = absolute.slice(start.length).split(/[\\/]/).filter((s) => s !== "");
  const found = /* @__PURE__ */ new Set();
  walk(start, segments, found);
  if (found.size === 0) {
    throw new Error(`${pattern}: no file matches (under ${root})`);
  }
  return [...found].sort();
}
function expandFiles(patterns, root) {
  const files = /* @__PURE__ */ new Set();
  for (const pattern of patterns) {
    for (const file of expandOne(pattern, root)) {
      files.add(file);
    }
  }
  return [...files];
}
function workspacePath(file, root) {
  const relative = path.relative(root, file);
  const outside = relative === ".." || relative.startsWith(`..${path.sep}`);
  if (outside || path.isAbsolute(relative)) {
    return file;
  }
  return relative.split(path.sep).join("/");
}

// src/workflow.mjs
import { randomUUID } from "node:crypto";
import { appendFileSync } from "node:fs";
import { EOL } from "node:os";
function inputVariable(name) {
  return `INPUT_${name.replace(/ /g, "_").toUpperCase()}`;
}
function readInput(env, name, fallback) {
  const value = env[inputVariable(name)];
  return value === void 0 ? fallback : value.trim();
}
function escapeData(text) {
  return String(text).replace(/%/g, "%25").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
}
function escapeProperty(text) {
  return escapeData(text).replace(/:/g, "%3A").replace(/,/g, "%2C");
}
function workflowCommand(name, properties, message) {
  const pairs = Object.entries(properties).filter(([, value]) => value !== void 0 && value !== null).map(([key, value]) => `${key}=${escapeProperty(value)}`);
  const head = pairs.length > 0 ? `${name} ${pairs.join(",")}` : name;
  return `::${head}::${escapeData(message)}`;
}
function outputRecord(name, value, delimiter = `ghadelimiter_${randomUUID()}`) {
  const text = String(value);
  if (name.includes(delimiter) || text.includes(delimiter)) {
    throw new Error(`the output ${name} holds its own delimiter ${delimiter}`);
  }
  return `${name}<<${delimiter}${EOL}${text}${EOL}${delimiter}${EOL}`;
}
function setOutputs(env, outputs) {
  const file = env.GITHUB_OUTPUT;
  if (!file) {
    return false;
  }
  const records = Object.entries(outputs).map(([name, value]) => outputRecord(name, value));
  appendFileSync(file, records.join(""));
  return true;
}
function appendSummary(env, markdown) {
  const file = env.GITHUB_STEP_SUMMARY;
  if (!file) {
    return false;
  }
  appendFileSync(file, markdown.endsWith("\n") ? markdown : `${markdown}
`);
  return true;
}

// src/report.mjs
var SEVERITIES = ["error", "warning", "note"];
var NEVER = "never";
var COMMANDS = { error: "error", warning: "warning", note: "notice" };
var ANNOTATIONS_SHOWN = 10;
var SUMMARY_ROWS = 500;
function fails(linted, failOn) {
  const limit = SEVERITIES.indexOf(failOn);
  if (limit < 0) {
    return false;
  }
  return linted.some(
    ({ findings }) => findings.some((finding) => SEVERITIES.indexOf(finding.severity) <= limit)
  );
}
function countSeverities(linted) {
  const counts = Object.fromEntries(SEVERITIES.map((severity) => [severity, 0]));
  for (const { findings } of linted) {
    for (const finding of findings) {
      counts[finding.severity] += 1;
    }
  }
  return counts;
}
function messageWithFix(finding) {
  return finding.fix ? `${finding.message}
fix: ${finding.fix}` : finding.message;
}
function annotation(path3, finding) {
  const properties = {
    file: path3,
    line: finding.line,
    col: finding.column,
    endLine: finding.endLine,
    endColumn: finding.endColumn,
    title: `robotspec ${finding.code}`
  };
  return workflowCommand(COMMANDS[finding.severity], properties, messageWithFix(finding));
}
function annotations(linted) {
  return linted.flatMap(({ path: path3, findings }) => findings.map((f) => annotation(path3, f)));
}
function counted(count, noun) {
  return `${count} ${noun}${count === 1 ? "" : "s"}`;
}
function headline(linted) {
  const counts = countSeverities(linted);
  const severities = SEVERITIES.map((severity) => counted(counts[severity], severity));
  return `${severities.join(", ")} in ${counted(linted.length, "file")}`;
}
function cell(text) {
  return String(text).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/\|/g, "\\|").replace(/\r?\n|\r/g, "<br>");
}
function where(path3, finding) {
  return finding.line == null ? path3 : `${path3}:${finding.line}:${finding.column}`;
}
function fileTable(linted) {
  const rows = linted.map(({ path: path3, findings }) => {
    const counts = countSeverities([{ findings }]);
    return `| ${cell(path3)} | ${SEVERITIES.map((s) => counts[s]).join(" | ")} |`;
  });
  return ["| file | errors | warnings | notes |", "|---|---:|---:|---:|", ...rows];
}
function findingTable(linted) {
  const all = linted.flatMap(({ path: path3, findings }) => findings.map((f) => ({ path: path3, f })));
  const rows = all.slice(0, SUMMARY_ROWS).map(({ path: path3, f }) => {
    const fix = f.fix ? `<br>fix: ${cell(f.fix)}` : "";
    const message = `${cell(f.message)}${fix}`;
    return `| ${cell(where(path3, f))} | ${f.severity} | ${cell(f.code)} | ${message} |`;
  });
  const table = ["| where | severity | code | message |", "|---|---|---|---|", ...rows];
  if (all.length > SUMMARY_ROWS) {
    const more = all.length - SUMMARY_ROWS;
    table.push("", `${more} more findings are not listed here: the SARIF file has every one.`);
  }
  return all.length > 0 ? table : [];
}
function hiddenAnnotations(counts) {
  const hidden = SEVERITIES.filter((severity) => counts[severity] > ANNOTATIONS_SHOWN);
  return hidden.map(
    (severity) => `GitHub shows ${ANNOTATIONS_SHOWN} annotations of each kind per step: ${counts[severity] - ANNOTATIONS_SHOWN} of the ${counts[severity]} ${severity}s have none (the table below and the SARIF file have them).`
  );
}
function verdict(linted, failOn) {
  if (failOn === NEVER) {
    return "The step fails on no finding (`fail-on: never`).";
  }
  return fails(linted, failOn) ? `The step fails: a finding is at least as severe as \`fail-on: ${failOn}\`.` : `The step passes: no finding is at least as severe as \`fail-on: ${failOn}\`.`;
}
function summary(linted, { readings, failOn, sarif, annotated }) {
  const paragraphs = [
    `### robotspec lint: ${headline(linted)}`,
    `Readings: ${readings.map((r) => `\`${r}\``).join(", ")}. ${verdict(linted, failOn)}`,
    sarif ? `SARIF: ${cell(sarif)}.` : "No SARIF file (`sarif` is empty).",
    ...annotated ? hiddenAnnotations(countSeverities(linted)) : [],
    fileTable(linted).join("\n"),
    findingTable(linted).join("\n")
  ];
  return `${paragraphs.filter((p) => p !== "").join("\n\n")}
`;
}

// src/inputs.mjs
var INPUT_DEFAULTS = {
  files: "**/robots.txt",
  readings: "google rfc9309",
  "fail-on": "error",
  sarif: "robotspec.sarif",
  annotations: "true"
};
var FAIL_ON = [...SEVERITIES, NEVER];
function words(text, separator) {
  return text.split(separator).filter((word) => word !== "");
}
function flag(name, text) {
  if (["true", "True", "TRUE"].includes(text)) {
    return true;
  }
  if (["false", "False", "FALSE"].includes(text)) {
    return false;
  }
  throw new Error(`${name}: \`${text}\` is neither true nor false`);
}
function readInputs(env) {
  const input = (name) => readInput(env, name, INPUT_DEFAULTS[name]);
  const patterns = words(input("files"), /\s+/);
  const readings = words(input("readings"), /[\s,]+/);
  const failOn = input("fail-on");
  if (patterns.length === 0) {
    throw new Error("files: no file or pattern given");
  }
  if (readings.length === 0) {
    throw new Error("readings: no reading given (e.g. `google rfc9309`)");
  }
  if (!FAIL_ON.includes(failOn)) {
    throw new Error(`fail-on: \`${failOn}\` is none of ${FAIL_ON.join(", ")}`);
  }
  const annotate = flag("annotations", input("annotations"));
  return { patterns, readings, failOn, sarif: input("sarif"), annotate };
}

// src/action.mjs
function writeSarif(file, bodies, readings) {
  const log = lintSarif2(bodies, { profiles: readings });
  mkdirSync(path2.dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(log, null, 2)}
`);
  return file;
}
function readFiles(patterns, workspace) {
  return expandFiles(patterns, workspace).map((file) => ({
    path: workspacePath(file, workspace),
    body: readFileSync2(file)
  }));
}
function lintWorkspace(env, print) {
  const { patterns, readings, failOn, sarif, annotate } = readInputs(env);
  const workspace = env.GITHUB_WORKSPACE || process.cwd();
  const files = readFiles(patterns, workspace);
  const linted = files.map(({ path: name, body }) => ({
    path: name,
    findings: lint2(body, { profiles: readings, path: name })
  }));
  if (annotate) {
    annotations(linted).forEach((line) => print(line));
  }
  const sarifFile = sarif ? writeSarif(path2.resolve(workspace, sarif), files, readings) : "";
  print(`robotspec lint: ${headline(linted)} (${readings.join(", ")})`);
  const { error: errors, warning: warnings, note: notes } = countSeverities(linted);
  setOutputs(env, { errors, warnings, notes, sarif: sarifFile });
  appendSummary(env, summary(linted, { readings, failOn, sarif, annotated: annotate }));
  return fails(linted, failOn) ? 1 : 0;
}
function run(env, print) {
  try {
    return lintWorkspace(env, print);
  } catch (error) {
    print(workflowCommand("error", { title: "robotspec" }, error?.message ?? String(error)));
    print(workflowCommand("debug", {}, error?.stack ?? ""));
    return 2;
  }
}

// src/index.mjs
process.exitCode = run(process.env, (line) => process.stdout.write(`${line}
`));
