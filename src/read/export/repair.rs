//! Valid JSON mended into what serde_json takes, as every JSON reader
//! reads it ([`super::game_text`], and the telling of an export from PGN).

use std::borrow::Cow;

/// The text with each `\\u` escape of half a surrogate pair that stands
/// alone written `\\ufffd`: serde_json refuses it, python keeps a code
/// point no text may hold.
pub(crate) fn lone_surrogates(text: &str) -> Cow<'_, str> {
    if !text.contains("\\u") {
        return Cow::Borrowed(text);
    }
    let bytes = text.as_bytes();
    let mut out = String::with_capacity(text.len());
    let (mut i, mut from) = (0, 0);
    while i < bytes.len() {
        if bytes[i] != b'\\' {
            i += 1;
            continue;
        }
        let Some(unit) = escape_at(bytes, i) else {
            i += 2;
            continue;
        };
        let low_next = escape_at(bytes, i + 6).is_some_and(|next| (0xdc00..0xe000).contains(&next));
        match unit {
            0xd800..0xdc00 if low_next => i += 12,
            0xd800..0xe000 => {
                out.push_str(&text[from..i]);
                out.push_str("\\ufffd");
                i += 6;
                from = i;
            }
            _ => i += 6,
        }
    }
    if from == 0 {
        return Cow::Borrowed(text);
    }
    out.push_str(&text[from..]);
    Cow::Owned(out)
}

/// The code unit of a `\\uXXXX` escape at `i`, if one stands there.
fn escape_at(bytes: &[u8], i: usize) -> Option<u32> {
    let hex = bytes.get(i..i + 6)?.strip_prefix(b"\\u")?;
    u32::from_str_radix(std::str::from_utf8(hex).ok()?, 16).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_lone_half_of_a_pair_is_the_replacement_character() {
        for (text, mended) in [
            (r#""a\ud83d0""#, r#""a\ufffd0""#),
            (r#""\udc00x""#, r#""\ufffdx""#),
            (r#""\ud83d\ude00""#, r#""\ud83d\ude00""#),
            (r#""\\ud83d""#, r#""\\ud83d""#),
            (r#""\ud83d\ud83d\ude00""#, r#""\ufffd\ud83d\ude00""#),
            ("plain", "plain"),
        ] {
            assert_eq!(lone_surrogates(text), mended, "{text}");
            assert!(
                serde_json::from_str::<String>(&lone_surrogates(text)).is_ok() || text == "plain"
            );
        }
    }
}
