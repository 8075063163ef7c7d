//! Value parsers for the library's enums, so that `--help` lists the values and a bad value is
//! a usage error (exit 2).

use chessfen::{Dialect, EnPassantMode, ParseMode};
use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};

/// The values of `--to`: names as `Dialect`'s `FromStr`/`Display` spell them.
pub const DIALECTS: [(&str, &str); 3] = [
    ("standard", "classical KQkq; fails for rights that K/Q/k/q cannot name"),
    ("shredder", "Shredder-FEN: rook file letters, e.g. HAha"),
    ("xfen", "X-FEN: KQkq, a file letter only for an inner rook"),
];

/// The values of `--from`: `auto` or a strict dialect.
pub const PARSE_MODES: [(&str, &str); 4] = [
    ("auto", "any dialect, lenient about whitespace, missing clocks etc."),
    ("standard", "strict: only canonical KQkq FEN"),
    ("shredder", "strict: only canonical Shredder-FEN"),
    ("xfen", "strict: only canonical X-FEN"),
];

/// The values of `--en-passant`.
pub const EN_PASSANT_MODES: [(&str, &str); 3] = [
    ("as-is", "keep the input's en passant square"),
    ("legal", "keep it only if a legal en passant capture exists"),
    ("pseudo-legal", "keep it only if a pawn of the side to move attacks it (X-FEN)"),
];

fn values(list: &'static [(&'static str, &'static str)]) -> PossibleValuesParser {
    PossibleValuesParser::new(list.iter().map(|&(name, help)| {
        let value = PossibleValue::new(name).help(help);
        if name == "xfen" { value.alias("x-fen") } else { value }
    }))
}

/// Parser for `--to DIALECT`.
pub fn dialect() -> impl TypedValueParser<Value = Dialect> {
    values(&DIALECTS).try_map(|s| s.parse::<Dialect>())
}

/// Parser for `--from MODE`.
pub fn parse_mode() -> impl TypedValueParser<Value = ParseMode> {
    values(&PARSE_MODES).try_map(|s| s.parse::<ParseMode>())
}

/// Parser for `--en-passant MODE`.
pub fn en_passant() -> impl TypedValueParser<Value = EnPassantMode> {
    values(&EN_PASSANT_MODES).try_map(|s| s.parse::<EnPassantMode>())
}

/// Parser for a Scharnagl number: 0..=959, with the library's message otherwise.
pub fn scharnagl(s: &str) -> Result<u32, String> {
    let n: u32 = s.trim().parse().map_err(|_| format!("'{s}' is not a Chess960 start position number (0 to 959)"))?;
    chessfen::chess960::back_rank(n).map(|_| n).map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use strum::IntoEnumIterator;

    #[test]
    fn value_lists_match_the_library() {
        let names = |list: &[(&str, &str)]| list.iter().map(|(n, _)| (*n).to_owned()).collect::<Vec<_>>();
        assert_eq!(names(&DIALECTS), Dialect::iter().map(|d| d.to_string()).collect::<Vec<_>>());
        assert_eq!(names(&EN_PASSANT_MODES), EnPassantMode::iter().map(|m| m.to_string()).collect::<Vec<_>>());
        let modes: Vec<String> = std::iter::once(ParseMode::Auto)
            .chain(Dialect::iter().map(ParseMode::Strict))
            .map(|m| m.to_string())
            .collect();
        assert_eq!(names(&PARSE_MODES), modes);
        for (name, _) in PARSE_MODES {
            assert_eq!(name.parse::<ParseMode>().map(|m| m.to_string()).as_deref(), Ok(name));
        }
    }

    #[test]
    fn scharnagl_range() {
        assert_eq!(scharnagl("0"), Ok(0));
        assert_eq!(scharnagl("959"), Ok(959));
        assert!(scharnagl("960").is_err());
        assert!(scharnagl("-1").is_err());
        assert!(scharnagl("99999999999").is_err());
        assert!(scharnagl("x").is_err());
    }
}
