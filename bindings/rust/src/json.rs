//! A small JSON reader (the crate has no dependencies): the parsed form of
//! the JSON communication report, and of the ABI manifest in the tests.

/// A JSON value. Objects keep their keys in document order.
#[derive(Clone, Debug, PartialEq)]
pub enum Json {
    Null,
    Bool(bool),
    Num(f64),
    Str(String),
    Arr(Vec<Json>),
    Obj(Vec<(String, Json)>),
}

static NULL: Json = Json::Null;

impl Json {
    /// Parses `text`; the error names the byte offset of the problem.
    pub fn parse(text: &str) -> std::result::Result<Json, String> {
        let mut p = Parser { s: text.as_bytes(), i: 0 };
        let v = p.value()?;
        p.ws();
        if p.i != p.s.len() {
            return Err(p.error("trailing characters"));
        }
        Ok(v)
    }

    /// The member `key` of an object (`Null` when absent or not an object).
    pub fn get(&self, key: &str) -> &Json {
        match self {
            Json::Obj(fields) => fields.iter().find(|(k, _)| k == key).map_or(&NULL, |(_, v)| v),
            _ => &NULL,
        }
    }

    /// The items of an array (empty for anything else).
    pub fn arr(&self) -> &[Json] {
        match self {
            Json::Arr(items) => items,
            _ => &[],
        }
    }

    /// The string ("" for anything else).
    pub fn str(&self) -> &str {
        match self {
            Json::Str(s) => s,
            _ => "",
        }
    }

    /// The number as an integer (-1 for anything else).
    pub fn num(&self) -> i64 {
        match self {
            Json::Num(n) => *n as i64,
            _ => -1,
        }
    }

    /// The number (NaN for anything else).
    pub fn float(&self) -> f64 {
        match self {
            Json::Num(n) => *n,
            _ => f64::NAN,
        }
    }

    /// The boolean (false for anything else).
    pub fn bool(&self) -> bool {
        matches!(self, Json::Bool(true))
    }
}

struct Parser<'a> {
    s: &'a [u8],
    i: usize,
}

type Parsed<T> = std::result::Result<T, String>;

impl<'a> Parser<'a> {
    fn error(&self, what: &str) -> String {
        format!("invalid JSON at byte {}: {}", self.i, what)
    }

    fn ws(&mut self) {
        while self.i < self.s.len() && self.s[self.i].is_ascii_whitespace() {
            self.i += 1;
        }
    }

    fn peek(&mut self) -> Parsed<u8> {
        self.ws();
        self.s.get(self.i).copied().ok_or_else(|| self.error("unexpected end"))
    }

    fn literal(&mut self, word: &str, value: Json) -> Parsed<Json> {
        if self.s[self.i..].starts_with(word.as_bytes()) {
            self.i += word.len();
            Ok(value)
        } else {
            Err(self.error("unknown literal"))
        }
    }

    /// The items of `[...]` or `{...}` (the opening bracket at `self.i`).
    fn items<T>(&mut self, close: u8, mut item: impl FnMut(&mut Self) -> Parsed<T>) -> Parsed<Vec<T>> {
        self.i += 1;
        let mut out = Vec::new();
        if self.peek()? == close {
            self.i += 1;
            return Ok(out);
        }
        loop {
            out.push(item(self)?);
            match self.peek()? {
                b',' => self.i += 1,
                c if c == close => {
                    self.i += 1;
                    return Ok(out);
                }
                _ => return Err(self.error("expected ',' or a closing bracket")),
            }
        }
    }

    fn value(&mut self) -> Parsed<Json> {
        match self.peek()? {
            b'{' => Ok(Json::Obj(self.items(b'}', |p| {
                if p.peek()? != b'"' {
                    return Err(p.error("expected a key"));
                }
                let key = p.string()?;
                if p.peek()? != b':' {
                    return Err(p.error("expected ':'"));
                }
                p.i += 1;
                Ok((key, p.value()?))
            })?)),
            b'[' => Ok(Json::Arr(self.items(b']', |p| p.value())?)),
            b'"' => Ok(Json::Str(self.string()?)),
            b't' => self.literal("true", Json::Bool(true)),
            b'f' => self.literal("false", Json::Bool(false)),
            b'n' => self.literal("null", Json::Null),
            _ => {
                let start = self.i;
                while self.i < self.s.len() && b"+-0123456789.eE".contains(&self.s[self.i]) {
                    self.i += 1;
                }
                let text = std::str::from_utf8(&self.s[start..self.i]).unwrap_or("");
                text.parse().map(Json::Num).map_err(|_| self.error("expected a value"))
            }
        }
    }

    fn string(&mut self) -> Parsed<String> {
        self.i += 1;
        let mut out = Vec::new();
        loop {
            let c = *self.s.get(self.i).ok_or_else(|| self.error("unterminated string"))?;
            self.i += 1;
            match c {
                b'"' => return String::from_utf8(out).map_err(|_| self.error("invalid UTF-8")),
                b'\\' => {
                    let e = *self.s.get(self.i).ok_or_else(|| self.error("unterminated string"))?;
                    self.i += 1;
                    let decoded = match e {
                        b'n' => '\n',
                        b't' => '\t',
                        b'r' => '\r',
                        b'b' => '\u{8}',
                        b'f' => '\u{c}',
                        b'u' => {
                            let hex = self.s.get(self.i..self.i + 4).and_then(|h| std::str::from_utf8(h).ok());
                            let code = hex.and_then(|h| u32::from_str_radix(h, 16).ok());
                            let code = code.ok_or_else(|| self.error("bad \\u escape"))?;
                            self.i += 4;
                            char::from_u32(code).unwrap_or('\u{fffd}')
                        }
                        other => other as char,
                    };
                    let mut buf = [0u8; 4];
                    out.extend_from_slice(decoded.encode_utf8(&mut buf).as_bytes());
                }
                other => out.push(other),
            }
        }
    }
}
