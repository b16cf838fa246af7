//! The HTTP side: routes, the per-request time bound, body reading, and the worker threads the
//! library's work runs on.
//!
//! Every request is bounded three ways before any robots.txt is read: its body (a length limit,
//! checked as bytes arrive), its media type (`application/json`, which also makes a browser on
//! another site ask first — a CORS preflight this server never grants — before it can post
//! here), and its time (one deadline from the arrival of the request's head to the last byte
//! of the answer: reading the body, waiting for a worker, computing, streaming the tree). The
//! library's work runs on blocking threads, at most one per core at a time, so that a flood of
//! large files queues instead of starving the server; a worker that panics is a 500 answer,
//! never a dead server.

use std::io;
use std::pin::Pin;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::task::{Context, Poll};

use axum::body::{Body, Bytes};
use axum::extract::{Request, State};
use axum::http::{header, HeaderValue, StatusCode, Uri};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::Router;
use http_body::Frame;
use http_body_util::{BodyExt, LengthLimitError, Limited};
use robotspec::tree::JsonLayout;
use serde::de::DeserializeOwned;
use tokio::sync::{mpsc, OwnedSemaphorePermit, Semaphore};
use tokio::time::Instant;

use super::error::ApiError;
use super::exact::{self, AnalyzeRequest, CompareRequest};
use super::fetch::{self, FetchRequest};
use super::inspect::{self, InspectRequest, ParseRequest};
use super::page;
use super::settings::Settings;
use super::wire::{json_bytes, json_response};

/// The state every handler shares.
#[derive(Clone)]
struct Shared {
    settings: Arc<Settings>,
    /// One permit per worker thread that may run the library at a time.
    workers: Arc<Semaphore>,
}

/// When the request must be answered by (set by [`time_bound`]).
#[derive(Clone, Copy)]
struct Deadline(Instant);

/// The server's routes: the page, its three assets and the API.
pub fn router(settings: Settings) -> Router {
    let workers = std::thread::available_parallelism().map_or(1, |n| n.get());
    let shared = Shared {
        settings: Arc::new(settings),
        workers: Arc::new(Semaphore::new(workers)),
    };
    Router::new()
        .route("/", get(page::index))
        .route("/app.js", get(page::script))
        .route("/engine.js", get(page::engine))
        .route("/style.css", get(page::style))
        .route("/api/info", get(info))
        .route("/api/inspect", post(inspect))
        .route("/api/parse", post(parse))
        .route("/api/analyze", post(analyze))
        .route("/api/compare", post(compare))
        .route("/api/fetch", post(fetch))
        .fallback(not_found)
        .method_not_allowed_fallback(method_not_allowed)
        .layer(middleware::from_fn_with_state(shared.clone(), time_bound))
        .with_state(shared)
}

/// Answers with 408 when the request is not answered within the time bound, and adds the
/// headers every answer carries: no sniffing, no caching, nothing loaded from elsewhere.
async fn time_bound(State(shared): State<Shared>, mut request: Request, next: Next) -> Response {
    let deadline = Instant::now() + shared.settings.timeout;
    request.extensions_mut().insert(Deadline(deadline));
    let mut response = match tokio::time::timeout_at(deadline, next.run(request)).await {
        Ok(response) => response,
        Err(_) => ApiError::timeout(shared.settings.timeout.as_secs_f64()).into_response(),
    };
    let headers = response.headers_mut();
    headers.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    headers.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(
            "default-src 'self'; img-src 'self' data:; frame-ancestors 'none'; form-action 'none'",
        ),
    );
    headers.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("no-referrer"),
    );
    response
}

/// The body of `request` read as JSON of type `T`: 415 unless it is declared JSON, 413 past
/// `limit` bytes, 400 when it is not JSON (`bad-json`) or not a `T` (`bad-request`).
async fn read_json<T: DeserializeOwned>(request: Request, limit: usize) -> Result<T, ApiError> {
    let declared_json = request
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|value| value.to_str().ok())
        .and_then(|value| value.split(';').next())
        .is_some_and(|media| media.trim().eq_ignore_ascii_case("application/json"));
    if !declared_json {
        return Err(ApiError::not_json());
    }
    let bytes = Limited::new(request.into_body(), limit)
        .collect()
        .await
        .map_err(|e| {
            if e.downcast_ref::<LengthLimitError>().is_some() {
                ApiError::body_too_large(limit)
            } else {
                ApiError::bad_json(format!("cannot read the request body: {e}"))
            }
        })?
        .to_bytes();
    serde_json::from_slice(&bytes).map_err(|e| {
        if e.is_data() {
            ApiError::bad_request(e.to_string())
        } else {
            ApiError::bad_json(format!("the body is not JSON: {e}"))
        }
    })
}

impl Shared {
    /// A worker's permit, once one is free.
    async fn permit(&self) -> Result<OwnedSemaphorePermit, ApiError> {
        Arc::clone(&self.workers)
            .acquire_owned()
            .await
            .map_err(|e| ApiError::internal(e.to_string()))
    }

    /// Runs `work` on a blocking thread once a worker is free; a panic in it is a 500.
    async fn run<T: Send + 'static>(
        &self,
        work: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, ApiError> {
        let permit = self.permit().await?;
        tokio::task::spawn_blocking(move || {
            let _permit = permit;
            work()
        })
        .await
        .map_err(|e| ApiError::internal(format!("the worker failed: {e}")))
    }
}

/// `GET /api/info`: what the page needs to build its form, and the server's limits.
async fn info(State(shared): State<Shared>) -> Response {
    json_response(StatusCode::OK, &page::Info::new(&shared.settings))
}

/// `POST /api/inspect`.
async fn inspect(State(shared): State<Shared>, request: Request) -> Result<Response, ApiError> {
    let settings = &shared.settings;
    let query = read_json::<InspectRequest>(request, settings.max_body_bytes)
        .await?
        .check(settings.max_input_bytes)?;
    let json = shared.run(move || inspect::inspect(&query)).await??;
    Ok(json_bytes(StatusCode::OK, json))
}

/// `POST /api/analyze`.
async fn analyze(State(shared): State<Shared>, request: Request) -> Result<Response, ApiError> {
    let settings = &shared.settings;
    let query = read_json::<AnalyzeRequest>(request, settings.max_body_bytes)
        .await?
        .check(settings.max_input_bytes)?;
    let json = shared.run(move || exact::analyze(&query)).await??;
    Ok(json_bytes(StatusCode::OK, json))
}

/// `POST /api/compare`: two files, so a body twice as long as the others may be.
async fn compare(State(shared): State<Shared>, request: Request) -> Result<Response, ApiError> {
    let settings = &shared.settings;
    let limit = settings.max_body_bytes.saturating_mul(2);
    let query = read_json::<CompareRequest>(request, limit)
        .await?
        .check(settings.max_input_bytes)?;
    let json = shared.run(move || exact::compare(&query)).await??;
    Ok(json_bytes(StatusCode::OK, json))
}

/// `POST /api/parse`: the tree, streamed as it is written (a 1 MiB file can make a tree of
/// a hundred megabytes), or 422 with every problem when strict mode rejects the file.
async fn parse(State(shared): State<Shared>, request: Request) -> Result<Response, ApiError> {
    let settings = &shared.settings;
    let Some(&Deadline(deadline)) = request.extensions().get::<Deadline>() else {
        return Err(ApiError::internal("no deadline"));
    };
    let query = read_json::<ParseRequest>(request, settings.max_body_bytes)
        .await?
        .check(settings.max_input_bytes)?;
    let permit = shared.permit().await?;
    let (chunks, body) = TreeBody::channel();
    let (head_sender, head) = tokio::sync::oneshot::channel();
    let runtime = tokio::runtime::Handle::current();
    // The worker sends the head (accepted or rejected), then the tree, chunk by chunk; the
    // answer starts as soon as the head is known, and the worker goes on writing after it.
    tokio::task::spawn_blocking(move || {
        let _permit = permit;
        match inspect::parse_tree(&query) {
            Err(rejected) => {
                let _ = head_sender.send(Err(rejected));
            }
            Ok(parsed) => {
                let _ = head_sender.send(Ok(()));
                let mut out = ChunkWriter {
                    chunks,
                    deadline,
                    runtime,
                };
                if parsed.write_json(&mut out, JsonLayout::Compact).is_ok() {
                    out.chunks.finish();
                }
            }
        }
    });
    match head.await {
        Ok(Ok(())) => Ok(json_bytes(StatusCode::OK, Body::new(body))),
        Ok(Err(rejected)) => Err(rejected),
        Err(_) => Err(ApiError::internal("the worker stopped before answering")),
    }
}

/// `POST /api/fetch`: the robots.txt of a URL, fetched live (only when the server allows it).
async fn fetch(State(shared): State<Shared>, request: Request) -> Result<Response, ApiError> {
    let settings = &shared.settings;
    let policy = settings.fetch;
    if !policy.enabled {
        return Err(ApiError::fetch_disabled());
    }
    let target = read_json::<FetchRequest>(request, settings.max_body_bytes)
        .await?
        .check(&policy)
        .await?;
    let json = shared.run(move || fetch::fetch(&target, &policy)).await??;
    Ok(json_bytes(StatusCode::OK, json))
}

async fn not_found(uri: Uri) -> ApiError {
    ApiError::not_found(uri.path())
}

async fn method_not_allowed() -> ApiError {
    ApiError::method_not_allowed()
}

/// The sending end of a streamed tree: chunks of JSON, and whether the tree was written whole.
struct Chunks {
    sender: mpsc::Sender<Bytes>,
    whole: Arc<AtomicBool>,
}

impl Chunks {
    /// Marks the tree as written whole: the body ends normally when the last chunk is read.
    fn finish(&self) {
        self.whole.store(true, Ordering::Release);
    }
}

/// The answer's body: the chunks as they come; an error at the end when the writer stopped
/// before the tree was whole (the deadline passed, or it failed), so that a client never takes
/// a cut tree for a whole one.
struct TreeBody {
    receiver: mpsc::Receiver<Bytes>,
    whole: Arc<AtomicBool>,
}

/// Chunks in flight between the worker and the connection.
const CHUNKS_IN_FLIGHT: usize = 4;

impl TreeBody {
    fn channel() -> (Chunks, TreeBody) {
        let (sender, receiver) = mpsc::channel(CHUNKS_IN_FLIGHT);
        let whole = Arc::new(AtomicBool::new(false));
        (
            Chunks {
                sender,
                whole: Arc::clone(&whole),
            },
            TreeBody { receiver, whole },
        )
    }
}

impl http_body::Body for TreeBody {
    type Data = Bytes;
    type Error = io::Error;

    fn poll_frame(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, io::Error>>> {
        match self.receiver.poll_recv(cx) {
            Poll::Ready(Some(chunk)) => Poll::Ready(Some(Ok(Frame::data(chunk)))),
            Poll::Ready(None) if self.whole.load(Ordering::Acquire) => Poll::Ready(None),
            Poll::Ready(None) => Poll::Ready(Some(Err(io::Error::new(
                io::ErrorKind::TimedOut,
                "the tree was not written whole within the time bound",
            )))),
            Poll::Pending => Poll::Pending,
        }
    }
}

/// The worker's writer: each write is a chunk handed to the connection, waiting while the
/// client reads, but never past the deadline.
struct ChunkWriter {
    chunks: Chunks,
    deadline: Instant,
    runtime: tokio::runtime::Handle,
}

impl io::Write for ChunkWriter {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let chunk = Bytes::copy_from_slice(buf);
        let sent = self.runtime.block_on(tokio::time::timeout_at(
            self.deadline,
            self.chunks.sender.send(chunk),
        ));
        match sent {
            Ok(Ok(())) => Ok(buf.len()),
            Ok(Err(_)) => Err(io::Error::new(
                io::ErrorKind::BrokenPipe,
                "the client has gone",
            )),
            Err(_) => Err(io::Error::new(
                io::ErrorKind::TimedOut,
                "the time bound has passed",
            )),
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}
