//! Parse → JSON → serde_json, under every variant and both modes.
//!
//! Invariants: the JSON is valid; its leaves, in order, tile the input (each leaf's span starts
//! where the previous one ended, and its `text` — or `bytes_base64` when the bytes are not
//! UTF-8 — is exactly the input's bytes in that span); `reassemble` gives the input back.
#![no_main]

use base64::Engine as _;
use libfuzzer_sys::fuzz_target;
use robotspec::{parse_with, Mode, ParseOptions, Variant};
use serde_json::Value;

fn leaves<'v>(node: &'v Value, out: &mut Vec<&'v Value>) {
    match node.get("children") {
        Some(Value::Array(children)) => children.iter().for_each(|c| leaves(c, out)),
        Some(other) => panic!("children is not an array: {other}"),
        None => out.push(node),
    }
}

fn offset(v: &Value) -> usize {
    usize::try_from(v.as_u64().expect("span bound is a number")).expect("fits")
}

fuzz_target!(|data: &[u8]| {
    let Some((&first, input)) = data.split_first() else {
        return;
    };
    let variant = Variant::ALL[usize::from(first) % Variant::ALL.len()];
    let mode = if first & 0x80 == 0 {
        Mode::Lenient
    } else {
        Mode::Strict
    };
    let Ok(parsed) = parse_with(input, variant, &ParseOptions::new(mode)) else {
        return;
    };
    let tree = parsed.tree();
    assert_eq!(tree.reassemble(), input, "reassemble");
    let json: Value = serde_json::from_str(&tree.to_json()).expect("the JSON parses");
    assert_eq!(json["kind"], "robots_txt");
    let mut found = Vec::new();
    leaves(&json, &mut found);
    let mut rebuilt: Vec<u8> = Vec::with_capacity(input.len());
    for leaf in found {
        let span = leaf["span"].as_array().expect("span is an array");
        assert_eq!(span.len(), 2);
        let (start, end) = (offset(&span[0]), offset(&span[1]));
        assert_eq!(start, rebuilt.len(), "leaves are contiguous");
        assert!(start <= end && end <= input.len(), "leaf span in range");
        assert!(leaf["line"].as_u64().unwrap_or(0) >= 1, "leaf line");
        assert!(leaf["col"].as_u64().unwrap_or(0) >= 1, "leaf col");
        let bytes = match leaf.get("bytes_base64") {
            Some(b64) => base64::engine::general_purpose::STANDARD
                .decode(b64.as_str().expect("base64 is a string"))
                .expect("valid base64"),
            None => leaf["text"].as_str().expect("text").as_bytes().to_vec(),
        };
        assert_eq!(bytes, &input[start..end], "leaf bytes");
        rebuilt.extend_from_slice(&bytes);
    }
    assert_eq!(rebuilt, input, "JSON leaves tile the input");
});
