//! `Robots`: a parsed robots.txt file that lives across calls — the library's `Robots`, which
//! keeps the model (not the input) and compiles a group's rules once asking one by one has cost
//! as much.
//!
//! The wrapper (`js/package/index.js`) holds one of these per JS `Robots` and frees it with
//! `free()`, `Symbol.dispose` or, failing both, a `FinalizationRegistry`.

use std::cell::RefCell;
use std::rc::Rc;

use robotspec::analysis::{self, Analysis, Equivalence};
use robotspec::{AgentQuery, Applicable, Robots as Library};
use wasm_bindgen::prelude::*;

use crate::answers::{self, serialised};
use crate::input::{self, Reading};
use crate::refusal;

/// A parsed robots.txt file (the exported class; the package's `Robots` wraps it).
#[wasm_bindgen(js_name = RobotsCore)]
pub struct Robots {
    parsed: Parsed,
}

/// The crawlers [`remember_agent`](Robots::remember_agent) read, by the number it gave, each
/// as the groups that apply to it: a crawler asks as one agent many times, and passing the
/// agent and looking its groups up again would cost a good part of each question. The wrapper
/// bounds how many it keeps ([`forget_agents`](Robots::forget_agents)).
type Remembered<'r> = RefCell<Vec<Applicable<'r>>>;

self_cell::self_cell!(
    /// The library's `Robots` with the groups of the crawlers remembered, which borrow it.
    struct Parsed {
        owner: Library,
        #[not_covariant]
        dependent: Remembered,
    }
);

#[wasm_bindgen(js_class = RobotsCore)]
impl Robots {
    /// `body`'s bytes read as `reading` says; a `StrictError` refusal when a strict reading
    /// rejects them. A lenient reading never fails.
    #[wasm_bindgen(js_name = fromBytes)]
    pub fn from_bytes(body: &[u8], reading: &Reading) -> Result<Robots, JsValue> {
        Library::parse_with(body, reading.profile_value(), &reading.options())
            .map(|inner| Robots {
                parsed: Parsed::new(inner, |_| RefCell::new(Vec::new())),
            })
            .map_err(|rejected| refusal::strict(&rejected))
    }

    /// The reading that read the file: a variant's name, or a composed reading's.
    #[wasm_bindgen(getter)]
    pub fn profile(&self) -> String {
        self.inner().profile().name()
    }

    /// May `agent` fetch `url`?
    #[wasm_bindgen(js_name = isAllowed)]
    pub fn is_allowed(&self, agent: &str, url: &str) -> Result<bool, JsValue> {
        let agents = input::agent(agent)?;
        Ok(self.inner().applicable(&agents).is_allowed(url))
    }

    /// Reads `agent` once for [`is_allowed_at`](Self::is_allowed_at), and looks its groups
    /// up: the number to ask by.
    #[wasm_bindgen(js_name = rememberAgent)]
    pub fn remember_agent(&self, agent: &str) -> Result<usize, JsValue> {
        let agent = input::agent(agent)?;
        Ok(self.parsed.with_dependent(|robots, remembered| {
            let mut remembered = remembered.borrow_mut();
            remembered.push(robots.applicable(&agent));
            remembered.len() - 1
        }))
    }

    /// Forgets every agent [`remember_agent`](Self::remember_agent) read; their numbers then
    /// name no agent.
    #[wasm_bindgen(js_name = forgetAgents)]
    pub fn forget_agents(&self) {
        self.parsed
            .with_dependent(|_, remembered| remembered.borrow_mut().clear());
    }

    /// May the crawler [`remember_agent`](Self::remember_agent) numbered `agent` fetch the URL
    /// whose UTF-8 the wrapper wrote into the first `length` bytes of the question buffer
    /// ([`question_buffer`])? `undefined` when the number names no agent or the bytes are no
    /// URL the buffer holds (past its end, or not UTF-8).
    #[wasm_bindgen(js_name = isAllowedAt)]
    pub fn is_allowed_at(&self, agent: usize, length: usize) -> Option<bool> {
        self.parsed.with_dependent(|_, remembered| {
            let remembered = remembered.borrow();
            let applicable = remembered.get(agent)?;
            QUESTION.with_borrow(|question| {
                let url = std::str::from_utf8(question.get(..length)?).ok()?;
                Some(applicable.is_allowed(url))
            })
        })
    }

    /// May `agent` fetch each of `urls`? 1 or 0 per URL, in order.
    #[wasm_bindgen(js_name = isAllowedMany)]
    pub fn is_allowed_many(&self, agent: &str, urls: Vec<String>) -> Result<Vec<u8>, JsValue> {
        let agents = input::agent(agent)?;
        let answers = self.inner().applicable(&agents).is_allowed_many(&urls);
        Ok(answers.into_iter().map(u8::from).collect())
    }

    /// The verdict for `agent` and `url`.
    pub fn check(&self, agent: &str, url: &str) -> Result<JsValue, JsValue> {
        let agents = input::agent(agent)?;
        answers::verdict(&self.inner().check_query(&agents, url))
    }

    /// The verdict for each of `urls`, in order.
    #[wasm_bindgen(js_name = checkMany)]
    pub fn check_many(&self, agent: &str, urls: Vec<String>) -> Result<Vec<JsValue>, JsValue> {
        let agents = input::agent(agent)?;
        let applicable = self.inner().applicable(&agents);
        applicable
            .check_many(&urls)
            .iter()
            .map(answers::verdict)
            .collect()
    }

    /// The verdict with every matching rule and why the winner won: the library's
    /// serialisation (`explain --format json`) with the package's verdict and the text
    /// `robotspec explain` prints.
    pub fn explain(&self, agent: &str, url: &str) -> Result<JsValue, JsValue> {
        let agents = input::agent(agent)?;
        let explanation = self.inner().explain(&agents, url);
        told(
            serialised(&explanation)?,
            answers::verdict(explanation.verdict())?,
            &explanation.to_string(),
        )
    }

    /// The usage preferences (Content-Usage, Content-Signal) for `agent` on `url`, as
    /// `usage --format json` prints them, with the package's verdict and the text.
    pub fn usage(&self, agent: &str, url: &str) -> Result<JsValue, JsValue> {
        let agents = input::agent(agent)?;
        let usage = self.inner().usage(&agents, url);
        told(
            serialised(&usage)?,
            answers::verdict(usage.verdict())?,
            &usage.to_string(),
        )
    }

    /// The first Crawl-delay of the groups that apply to `agent`, in seconds.
    #[wasm_bindgen(js_name = crawlDelay)]
    pub fn crawl_delay(&self, agent: &str) -> Result<Option<f64>, JsValue> {
        let agents = input::agent(agent)?;
        let delay = self.inner().applicable(&agents).crawl_delay();
        Ok(delay.map(|d| d.as_secs_f64()))
    }

    /// The first Request-rate of the groups that apply to `agent`: `[requests, seconds]`.
    #[wasm_bindgen(js_name = requestRate)]
    pub fn request_rate(&self, agent: &str) -> Result<Option<Vec<f64>>, JsValue> {
        let agents = input::agent(agent)?;
        let rate = self.inner().applicable(&agents).request_rate();
        Ok(rate.map(|(requests, period)| vec![f64::from(requests), period.as_secs_f64()]))
    }

    /// The groups that apply to `agent`: `agent`, `groups`, `crawlDelay`.
    pub fn applicable(&self, agent: &str) -> Result<JsValue, JsValue> {
        let agents = input::agent(agent)?;
        serialised(&self.inner().applicable(&agents))
    }

    /// The Sitemap URLs, as written (bytes that are not UTF-8 replaced), in file order.
    #[wasm_bindgen(getter)]
    pub fn sitemaps(&self) -> Vec<String> {
        self.inner()
            .sitemaps()
            .map(|sitemap| String::from_utf8_lossy(sitemap.url).into_owned())
            .collect()
    }

    /// The records of the file rather than of a group (Host, Clean-param, Content-Usage…):
    /// `line`, `key`, `value`, `extension`, `typed`, `error`.
    #[wasm_bindgen(getter)]
    pub fn records(&self) -> Result<JsValue, JsValue> {
        let records: Vec<_> = self.inner().file_records().collect();
        serialised(&records)
    }

    /// Every group in file order: `line`, `agents`, `rules`, `records`.
    #[wasm_bindgen(getter)]
    pub fn groups(&self) -> Result<JsValue, JsValue> {
        let groups: Vec<_> = self.inner().groups().collect();
        serialised(&groups)
    }

    /// Every agent token the groups name, lower-cased, each once, in file order.
    #[wasm_bindgen(getter = namedAgents)]
    pub fn named_agents(&self) -> Vec<String> {
        analysis::named_agents(self.inner())
    }

    /// What the reading found, in input order.
    #[wasm_bindgen(getter)]
    pub fn diagnostics(&self) -> Result<JsValue, JsValue> {
        serialised(self.inner().diagnostics())
    }

    /// The file as the profile reads it (`variant`, `groups`, `sitemaps`, `records`,
    /// `ignoredRules`, `diagnostics`).
    #[wasm_bindgen(js_name = toJSON)]
    pub fn to_json(&self) -> Result<JsValue, JsValue> {
        serialised(self.inner())
    }

    /// The exact analysis of `agent`'s rules over every URL (`undefined`: a crawler no group
    /// names), as `Analysis`'s serialisation.
    pub fn analyze(&self, agent: Option<String>) -> Result<JsValue, JsValue> {
        let agents = crawler(agent.as_deref())?;
        serialised(&searched_analysis(analysis::analyze(
            &self.applicable_to(agents.as_deref()),
        )))
    }

    /// [`analyze`](Self::analyze) for each crawler (`undefined`: one no group names), in order;
    /// crawlers whose rules say the same are analysed once.
    #[wasm_bindgen(js_name = analyzeEach)]
    pub fn analyze_each(&self, agents: Vec<JsValue>) -> Result<JsValue, JsValue> {
        let crawlers = agents
            .iter()
            .map(|agent| crawler(agent.as_string().as_deref()))
            .collect::<Result<Vec<_>, JsValue>>()?;
        let applicables: Vec<Applicable<'_>> = crawlers
            .iter()
            .map(|agents| self.applicable_to(agents.as_deref()))
            .collect();
        let analyses: Vec<Analysis<'_>> = analysis::analyze_each(&applicables)
            .into_iter()
            .map(searched_analysis)
            .collect();
        serialised(&analyses)
    }

    /// Whether `other` allows `agent` (`undefined`: a crawler no group names) the same URLs,
    /// every one; if not, the shortest path each allows alone.
    pub fn compare(&self, other: &Robots, agent: Option<String>) -> Result<JsValue, JsValue> {
        let agents = crawler(agent.as_deref())?;
        let old = self.applicable_to(agents.as_deref());
        let new = other.applicable_to(agents.as_deref());
        serialised(&searched(analysis::compare(&old, &new)))
    }
}

impl Robots {
    /// The library's parsed file.
    fn inner(&self) -> &Library {
        self.parsed.borrow_owner()
    }

    /// The rules that apply to the crawler `agents` names, or to one no group names.
    fn applicable_to(&self, agents: Option<&AgentQuery>) -> Applicable<'_> {
        match agents {
            Some(agents) => self.inner().applicable(agents),
            None => self.inner().unnamed(),
        }
    }
}

thread_local! {
    /// The question buffer: where the wrapper writes the URL of each
    /// [`is_allowed_at`](Robots::is_allowed_at) question, straight into the module's memory —
    /// no allocation and no call to the module's allocator a question.
    static QUESTION: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
}

/// The question buffer made `capacity` bytes long: its address in the module's memory, valid
/// until the next call (the wrapper asks again when it needs more room, and after a long URL to
/// give the room back).
#[wasm_bindgen(js_name = questionBuffer)]
pub fn question_buffer(capacity: usize) -> *const u8 {
    QUESTION.with_borrow_mut(|question| {
        question.resize(capacity, 0);
        question.shrink_to(capacity);
        question.as_ptr()
    })
}

/// The module's memory (a `WebAssembly.Memory`), where the question buffer lies.
#[wasm_bindgen(js_name = moduleMemory)]
pub fn module_memory() -> JsValue {
    wasm_bindgen::memory()
}

/// A crawler as the exact calls take it: an agent, or `None` for one no group names.
fn crawler(agent: Option<&str>) -> Result<Option<Rc<AgentQuery>>, JsValue> {
    agent.map(input::agent).transpose()
}

/// `analysis` with its examples searched for, so that serialising it answers at once.
fn searched_analysis(analysis: Analysis<'_>) -> Analysis<'_> {
    analysis.undecided();
    analysis
}

/// `equivalence` with its shortest differences searched for.
fn searched<'a, 'b>(equivalence: Equivalence<'a, 'b>) -> Equivalence<'a, 'b> {
    equivalence.undecided();
    equivalence
}

/// `object` (a serialised answer) with the package's `verdict` and the command line's `text`.
fn told(object: JsValue, verdict: JsValue, text: &str) -> Result<JsValue, JsValue> {
    js_sys::Reflect::set(&object, &JsValue::from_str("verdict"), &verdict)?;
    js_sys::Reflect::set(
        &object,
        &JsValue::from_str("text"),
        &JsValue::from_str(text),
    )?;
    Ok(object)
}
