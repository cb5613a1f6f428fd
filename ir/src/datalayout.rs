//! The data layout string (`target datalayout = "..."`), checked as LLVM 22's
//! `DataLayout::parse` checks it: the reader refuses what LLVM refuses, with LLVM's message.
//! Only validity is decided here; the few properties mergefn reads (pointer sizes, the program
//! address space) are looked up on [`Module`](crate::Module).

/// LLVM's verdict on data layout `dl`: `Err` with its message when it refuses it.
pub fn check(dl: &str) -> Result<(), String> {
    if dl.is_empty() {
        return Ok(());
    }
    for spec in dl.split('-') {
        if spec.is_empty() {
            return Err("empty specification is not allowed".into());
        }
        spec_ok(spec)?;
    }
    Ok(())
}

fn form(f: &str) -> String {
    format!("malformed specification, must be of the form \"{f}\"")
}

fn addrspace(s: &str) -> Result<u32, String> {
    if s.is_empty() {
        return Err("address space component cannot be empty".into());
    }
    match s.parse::<u32>() {
        Ok(n) if n < 1 << 24 && s.bytes().all(|b| b.is_ascii_digit()) => Ok(n),
        _ => Err("address space must be a 24-bit integer".into()),
    }
}

fn size(s: &str, name: &str) -> Result<u32, String> {
    if s.is_empty() {
        return Err(format!("{name} component cannot be empty"));
    }
    match s.parse::<u32>() {
        Ok(n) if n > 0 && n < 1 << 24 && s.bytes().all(|b| b.is_ascii_digit()) => Ok(n),
        _ => Err(format!("{name} must be a non-zero 24-bit integer")),
    }
}

/// An alignment in bits, returned in bytes (a zero allowed reads as 1).
fn align(s: &str, name: &str, allow_zero: bool) -> Result<u32, String> {
    if s.is_empty() {
        return Err(format!("{name} alignment component cannot be empty"));
    }
    let v = match s.parse::<u32>() {
        Ok(v) if v < 1 << 16 && s.bytes().all(|b| b.is_ascii_digit()) => v,
        _ => return Err(format!("{name} alignment must be a 16-bit integer")),
    };
    if v == 0 {
        return if allow_zero {
            Ok(1)
        } else {
            Err(format!("{name} alignment must be non-zero"))
        };
    }
    if v % 8 != 0 || !(v / 8).is_power_of_two() {
        return Err(format!(
            "{name} alignment must be a power of two times the byte width"
        ));
    }
    Ok(v / 8)
}

fn abi_pref(parts: &[&str], abi_at: usize, abi_zero: bool) -> Result<(), String> {
    let abi = align(parts[abi_at], "ABI", abi_zero)?;
    if let Some(p) = parts.get(abi_at + 1) {
        if align(p, "preferred", false)? < abi {
            return Err("preferred alignment cannot be less than the ABI alignment".into());
        }
    }
    Ok(())
}

fn spec_ok(spec: &str) -> Result<(), String> {
    if let Some(rest) = spec.strip_prefix("ni") {
        let Some(rest) = rest.strip_prefix(':') else {
            return Err(form("ni:<address space>[:<address space>]..."));
        };
        for a in rest.split(':') {
            if addrspace(a)? == 0 {
                return Err("address space 0 cannot be non-integral".into());
            }
        }
        return Ok(());
    }
    let kind = spec.as_bytes()[0];
    if !kind.is_ascii() {
        let c = spec.chars().next().unwrap_or('?');
        return Err(format!("unknown specifier '{c}'"));
    }
    let rest = &spec[1..];
    match kind {
        b'i' | b'f' | b'v' => {
            let parts: Vec<&str> = rest.split(':').collect();
            if !(2..=3).contains(&parts.len()) {
                return Err(form(&format!("{}<size>:<abi>[:<pref>]", kind as char)));
            }
            let bits = size(parts[0], "size")?;
            let abi = align(parts[1], "ABI", false)?;
            if kind == b'i' && bits == 8 && abi != 1 {
                return Err("i8 must be 8-bit aligned".into());
            }
            abi_pref(&parts, 1, false)
        }
        b'a' => {
            let parts: Vec<&str> = rest.split(':').collect();
            if !(2..=3).contains(&parts.len()) {
                return Err(form("a:<abi>[:<pref>]"));
            }
            if !parts[0].is_empty() && parts[0].parse::<u64>().ok() != Some(0) {
                return Err("size must be zero".into());
            }
            abi_pref(&parts, 1, true)
        }
        b'p' => {
            // p[flags][<n>]:<size>:<abi>[:<pref>[:<idx>]]; LLVM 22's flags are `u` and `e`.
            let parts: Vec<&str> = rest.split(':').collect();
            if !(3..=5).contains(&parts.len()) {
                return Err(form("p[<n>]:<size>:<abi>[:<pref>[:<idx>]]"));
            }
            let mut head = parts[0];
            while let Some(c) = head.chars().next().filter(|c| c.is_ascii_alphabetic()) {
                if !matches!(c, 'u' | 'e') {
                    return Err(format!("'{c}' is not a valid pointer specification flag"));
                }
                head = &head[1..];
            }
            if !head.is_empty() {
                addrspace(head)?;
            }
            let bits = size(parts[1], "pointer size")?;
            abi_pref(&parts, 2, false)?;
            if let Some(idx) = parts.get(4) {
                if size(idx, "index size")? > bits {
                    return Err("index size cannot be larger than the pointer size".into());
                }
            }
            Ok(())
        }
        b's' => Ok(()),
        b'e' | b'E' if rest.is_empty() => Ok(()),
        b'e' | b'E' => Err("malformed specification, must be just 'e' or 'E'".into()),
        b'n' => rest.split(':').try_for_each(|s| size(s, "size").map(drop)),
        b'S' if rest.is_empty() => Err(form("S<size>")),
        b'S' => align(rest, "stack natural", false).map(drop),
        b'F' => {
            let Some(t) = rest.chars().next() else {
                return Err(form("F<type><abi>"));
            };
            if !matches!(t, 'i' | 'n') {
                return Err(format!("unknown function pointer alignment type '{t}'"));
            }
            align(&rest[t.len_utf8()..], "ABI", false).map(drop)
        }
        b'P' | b'A' | b'G' if rest.is_empty() => {
            Err(form(&format!("{}<address space>", kind as char)))
        }
        b'P' | b'A' | b'G' => addrspace(rest).map(drop),
        b'm' => match rest.strip_prefix(':') {
            None | Some("") => Err(form("m:<mangling>")),
            Some("e" | "l" | "o" | "m" | "w" | "x" | "a") => Ok(()),
            Some(_) => Err("unknown mangling mode".into()),
        },
        _ => Err(format!(
            "unknown specifier '{}'",
            spec.chars().next().unwrap_or('?')
        )),
    }
}
