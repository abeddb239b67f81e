//! What a `cmc run` is asked to do: the kernel, grid, arguments, surfaces and expectations, from the command line
//! or from a run file (TOML), in one form ([`Job`]).
//!
//! Command-line surface syntax (`--surface`):
//! ```text
//! BTI=buffer:IN[:OUT]          a linear buffer holding the file IN
//! BTI=zeros:BYTES[:OUT]        a linear buffer of BYTES zero bytes
//! BTI=image2d:[WxH[xPITCH]:][FORMAT:]IN[:OUT]
//!                              a 2D surface; W in elements of FORMAT, PITCH in bytes; IN a raw file, a picture
//!                              (.png/.bmp, then WxH may be left out) or `zeros` (then WxH is required)
//! BTI=image1d:W:[FORMAT:]IN[:OUT]
//!                              a 1D image of W elements
//! BTI=image3d:WxHxD[xPITCH[xSLICE_PITCH]]:[FORMAT:]IN[:OUT]
//!                              a 3D image of D slices of H rows of W elements; pitches in bytes
//! BTI=nv12:WxH[xPITCH]:IN[:OUT]
//!                              an NV12 surface of WxH pixels (both even): the Y plane, then the UV plane of
//!                              H/2 rows, both PITCH bytes apart
//! ```
//! Sampler states (`--sampler`): `INDEX=FILTER[:ADDRESS[:R,G,B,A]]`, FILTER `nearest` or `linear`, ADDRESS
//! `clamp` (default), `wrap`, `mirror` or `border`, the colour (default 0,0,0,0) only with `border`.
//!
//! The run file has the same fields by name (see `docs/run.md`): `input`, `kernel`, `groups`, `local`, `args`,
//! `defines`, `include_dirs`, `march`, `hardware_bounds`, `[[surface]]` tables (`bti`, `kind`, `width`, `height`,
//! `pitch`, `format`, `input`, `output`, `bytes`), `[[sampler]]` tables (`index`, `filter`, `address`,
//! `border`) and `[[expect]]` tables (`bti`, `file`). Relative paths in a run
//! file are relative to the file's directory. Unknown keys are errors (a misspelt key never goes unnoticed).
//!
//! Every user number goes through [`size`], so its range checks live in one place.

use std::path::{Path, PathBuf};

use genx_exec::format::SurfaceFormat;
use genx_exec::machine::{SamplerAddress, SamplerFilter, SamplerState};
use serde::Deserialize;

/// Where a surface's initial contents come from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Source {
    File(PathBuf),
    /// Zero bytes: a count for a buffer; the shape's size for an image.
    Zeros(Option<u64>),
}

/// One surface binding.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SurfaceSpec {
    pub bti: u32,
    pub image: Option<ImageShape>,
    pub input: Source,
    pub output: Option<PathBuf>,
    /// How the user spelled it, for error messages (`--surface '1=...'` or `surface 1 in run.toml`).
    pub origin: String,
}

/// Which kind of image a surface is.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ImageKind {
    Image1D,
    #[default]
    Image2D,
    Image3D,
    Nv12,
}

impl ImageKind {
    /// The spelling on the command line and in a run file.
    pub fn name(self) -> &'static str {
        match self {
            ImageKind::Image1D => "image1d",
            ImageKind::Image2D => "image2d",
            ImageKind::Image3D => "image3d",
            ImageKind::Nv12 => "nv12",
        }
    }

    fn parse(text: &str) -> Option<ImageKind> {
        [ImageKind::Image1D, ImageKind::Image2D, ImageKind::Image3D, ImageKind::Nv12].into_iter().find(|k| k.name() == text)
    }
}

/// What the user said about an image's shape; unknowns come from the input picture (2D only) or defaults.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ImageShape {
    pub kind: ImageKind,
    pub width: Option<u32>,
    pub height: Option<u32>,
    pub depth: Option<u32>,
    pub pitch: Option<u32>,
    pub slice_pitch: Option<u32>,
    pub format: Option<SurfaceFormat>,
}

/// One sampler binding: the state of sampler `index`.
#[derive(Clone, Debug, PartialEq)]
pub struct SamplerSpec {
    pub index: u32,
    pub state: SamplerState,
    /// How the user spelled it, for error messages.
    pub origin: String,
}

/// One `--expect BTI=FILE`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Expect {
    pub bti: u32,
    pub file: PathBuf,
}

/// A whole run.
#[derive(Clone, Debug, Default)]
pub struct Job {
    pub input: PathBuf,
    pub kernel: Option<String>,
    pub groups: [u32; 3],
    pub local: [u32; 3],
    pub args: Vec<String>,
    pub surfaces: Vec<SurfaceSpec>,
    pub samplers: Vec<SamplerSpec>,
    pub expects: Vec<Expect>,
    pub defines: Vec<String>,
    pub include_dirs: Vec<String>,
    pub march: Option<String>,
    pub hardware_bounds: bool,
}

/// A user-given count or size: decimal or `0x` hex, at least `min`, at most `u32::MAX` (or `u64` for byte
/// counts through [`byte_count`]). `what` names it in the error.
pub fn size(text: &str, min: u32, what: &str) -> Result<u32, String> {
    let value = byte_count(text, what)?;
    u32::try_from(value)
        .ok()
        .filter(|&v| v >= min)
        .ok_or_else(|| format!("{what}: '{text}' is not a size from {min} to {}", u32::MAX))
}

/// A byte count, at most one allocation's limit (a run's buffers live in memory): the project's one reading of
/// user sizes (`genx_passes::limits`).
pub fn byte_count(text: &str, what: &str) -> Result<u64, String> {
    genx_passes::limits::parse_size(text, genx_passes::limits::MAX_BUFFER_BYTES, what).map(|n| n as u64)
}

/// `X[,Y[,Z]]` (or `XxYxZ`), each at least 1.
pub fn dims(text: &str, flag: &str) -> Result<[u32; 3], String> {
    let mut out = [1u32; 3];
    let parts: Vec<&str> = text.split([',', 'x']).collect();
    if parts.len() > 3 {
        return Err(format!("{flag} takes at most three sizes, got '{text}'"));
    }
    for (i, part) in parts.iter().enumerate() {
        out[i] = size(part, 1, flag)?;
    }
    Ok(out)
}

/// `BTI=FILE`.
pub fn parse_expect(text: &str) -> Result<Expect, String> {
    let (bti, file) = text.split_once('=').ok_or_else(|| format!("--expect '{text}': expected BTI=FILE"))?;
    Ok(Expect { bti: size(bti, 0, &format!("--expect '{text}'"))?, file: PathBuf::from(file) })
}

/// A sampler state from its parts: the filter's name, the addressing mode's (default clamp), the border colour
/// (only with `border`; default 0, 0, 0, 0). `origin` names the binding in errors.
fn sampler_state(filter: &str, address: Option<&str>, border: Option<[f32; 4]>, origin: &str) -> Result<SamplerState, String> {
    let filter = SamplerFilter::NAMES.iter().find(|(name, _)| *name == filter).map(|&(_, f)| f).ok_or_else(|| {
        let names: Vec<&str> = SamplerFilter::NAMES.iter().map(|(name, _)| *name).collect();
        format!("{origin}: unknown filter '{filter}' (known: {})", names.join(", "))
    })?;
    let address = match address.unwrap_or("clamp") {
        "clamp" => SamplerAddress::Clamp,
        "wrap" => SamplerAddress::Wrap,
        "mirror" => SamplerAddress::Mirror,
        "border" => SamplerAddress::Border(border.unwrap_or([0.0; 4])),
        other => {
            return Err(format!("{origin}: unknown addressing mode '{other}' (known: {})", SamplerAddress::NAMES.join(", ")))
        }
    };
    if border.is_some() && !matches!(address, SamplerAddress::Border(_)) {
        return Err(format!("{origin}: a border colour is given, but the addressing mode is not border"));
    }
    Ok(SamplerState { filter, address })
}

/// A border colour `R,G,B,A`: four finite numbers.
fn border_colour(text: &str, origin: &str) -> Result<[f32; 4], String> {
    let parts: Vec<&str> = text.split(',').collect();
    let mut colour = [0f32; 4];
    if parts.len() != 4 {
        return Err(format!("{origin}: the border colour '{text}' is not four numbers R,G,B,A"));
    }
    for (c, part) in colour.iter_mut().zip(&parts) {
        *c = part.trim().parse::<f32>().ok().filter(|v| v.is_finite()).ok_or_else(|| {
            format!("{origin}: the border colour '{text}' is not four numbers R,G,B,A ('{part}')")
        })?;
    }
    Ok(colour)
}

/// A `--sampler` value: `INDEX=FILTER[:ADDRESS[:R,G,B,A]]`.
pub fn parse_sampler(text: &str) -> Result<SamplerSpec, String> {
    let origin = format!("--sampler '{text}'");
    let (index, rest) = text.split_once('=').ok_or_else(|| format!("{origin}: expected INDEX=FILTER[:ADDRESS[:R,G,B,A]]"))?;
    let index = size(index, 0, &origin)?;
    let mut parts = rest.splitn(3, ':');
    let filter = parts.next().unwrap_or("");
    let address = parts.next();
    let border = parts.next().map(|colour| border_colour(colour, &origin)).transpose()?;
    Ok(SamplerSpec { index, state: sampler_state(filter, address, border, &origin)?, origin })
}

/// A `--surface` value.
pub fn parse_surface(text: &str) -> Result<SurfaceSpec, String> {
    let origin = format!("--surface '{text}'");
    let (bti, rest) = text.split_once('=').ok_or_else(|| format!("{origin}: expected BTI=KIND:..."))?;
    let bti = size(bti, 0, &origin)?;
    let fields: Vec<&str> = rest.split(':').collect();
    let file = |f: &str| PathBuf::from(f);
    let out = |tail: &[&str]| tail.first().map(|f| file(f));
    match fields.as_slice() {
        ["buffer", input, tail @ ..] if tail.len() <= 1 => {
            Ok(SurfaceSpec { bti, image: None, input: Source::File(file(input)), output: out(tail), origin })
        }
        ["zeros", bytes, tail @ ..] if tail.len() <= 1 => Ok(SurfaceSpec {
            bti,
            image: None,
            input: Source::Zeros(Some(byte_count(bytes, &origin)?)),
            output: out(tail),
            origin,
        }),
        [kind, fields @ ..] if ImageKind::parse(kind).is_some() => {
            let kind = ImageKind::parse(kind).unwrap_or_default();
            let usage = match kind {
                ImageKind::Image1D => "image1d:W:[FORMAT:]IN[:OUT]",
                ImageKind::Image2D => "image2d:[WxH[xPITCH]:][FORMAT:]IN[:OUT]",
                ImageKind::Image3D => "image3d:WxHxD[xPITCH[xSLICE_PITCH]]:[FORMAT:]IN[:OUT]",
                ImageKind::Nv12 => "nv12:WxH[xPITCH]:IN[:OUT]",
            };
            let mut shape = ImageShape { kind, ..ImageShape::default() };
            let mut rest = fields;
            if let Some((first, tail)) = rest.split_first() {
                let numbers = first.split('x').all(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()));
                if numbers && (first.contains('x') || kind == ImageKind::Image1D) {
                    let sizes = parse_shape(first, kind, &origin)?;
                    (shape.width, shape.height, shape.depth) = (Some(sizes[0]), sizes.get(1).copied(), sizes.get(2).copied());
                    match kind {
                        ImageKind::Image3D => (shape.pitch, shape.slice_pitch) = (sizes.get(3).copied(), sizes.get(4).copied()),
                        _ => (shape.depth, shape.pitch) = (None, sizes.get(2).copied()),
                    }
                    rest = tail;
                }
            }
            if kind != ImageKind::Nv12 {
                if let Some((first, tail)) = rest.split_first() {
                    if let Some(format) = SurfaceFormat::parse(first) {
                        shape.format = Some(format);
                        rest = tail;
                    } else if looks_like_format(first) && tail.len() >= 1 {
                        return Err(format!("{origin}: unknown format '{first}' (known: {})", SurfaceFormat::names()));
                    }
                }
            }
            let (input, output) = match rest {
                [input] => (*input, None),
                [input, output] => (*input, Some(file(output))),
                _ => return Err(format!("{origin}: expected {usage} (FORMAT one of {})", SurfaceFormat::names())),
            };
            let input = if input == "zeros" { Source::Zeros(None) } else { Source::File(file(input)) };
            Ok(SurfaceSpec { bti, image: Some(shape), input, output, origin })
        }
        _ => Err(format!(
            "{origin}: expected buffer:IN[:OUT], zeros:BYTES[:OUT], image1d:..., image2d:[WxH[xPITCH]:][FORMAT:]IN[:OUT], \
             image3d:... or nv12:WxH[xPITCH]:IN[:OUT]"
        )),
    }
}

/// A field that is meant as a format rather than a file: no dot, no slash, and an underscore (`r8_uint`,
/// `rgba8_unorm`).
fn looks_like_format(field: &str) -> bool {
    field.contains('_') && !field.contains('.') && !field.contains('/')
}

/// The sizes of an image shape: `W` (1D), `WxH[xPITCH]` (2D, NV12), `WxHxD[xPITCH[xSLICE_PITCH]]` (3D).
fn parse_shape(text: &str, kind: ImageKind, origin: &str) -> Result<Vec<u32>, String> {
    let parts: Vec<&str> = text.split('x').collect();
    let what = format!("{origin}: image shape '{text}'");
    let (counts, form) = match kind {
        ImageKind::Image1D => (1..=1, "WIDTH"),
        ImageKind::Image2D | ImageKind::Nv12 => (2..=3, "WIDTHxHEIGHT[xPITCH]"),
        ImageKind::Image3D => (3..=5, "WIDTHxHEIGHTxDEPTH[xPITCH[xSLICE_PITCH]]"),
    };
    if !counts.contains(&parts.len()) {
        return Err(format!("{what} is not {form}"));
    }
    parts.iter().map(|p| size(p, 1, &what)).collect()
}

// ---- the run file -------------------------------------------------------------------------------------------

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RunFile {
    input: String,
    kernel: Option<String>,
    groups: Option<Vec<u32>>,
    local: Option<Vec<u32>>,
    #[serde(default)]
    args: Vec<toml::Value>,
    #[serde(default)]
    defines: Vec<String>,
    #[serde(default)]
    include_dirs: Vec<String>,
    march: Option<String>,
    #[serde(default)]
    hardware_bounds: bool,
    #[serde(default)]
    surface: Vec<SurfaceTable>,
    #[serde(default)]
    sampler: Vec<SamplerTable>,
    #[serde(default)]
    expect: Vec<ExpectTable>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SamplerTable {
    index: u32,
    filter: String,
    address: Option<String>,
    border: Option<[f32; 4]>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SurfaceTable {
    bti: u32,
    kind: String,
    width: Option<u32>,
    height: Option<u32>,
    depth: Option<u32>,
    pitch: Option<u32>,
    slice_pitch: Option<u32>,
    format: Option<String>,
    input: Option<String>,
    bytes: Option<u64>,
    output: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ExpectTable {
    bti: u32,
    file: String,
}

/// Reads a run file into a [`Job`].
pub fn read_run_file(path: &Path) -> Result<Job, String> {
    let text =
        std::fs::read_to_string(path).map_err(|err| format!("cannot read run file '{}': {err}", path.display()))?;
    let file: RunFile = toml::from_str(&text)
        .map_err(|err| format!("run file '{}': {}", path.display(), err.to_string().trim_end()))?;
    let base = path.parent().unwrap_or(Path::new(""));
    let resolve = |p: &str| if p == "zeros" { PathBuf::from(p) } else { base.join(p) };
    let name = path.display();
    let grid = |list: Option<Vec<u32>>, key: &str| -> Result<[u32; 3], String> {
        let list = list.unwrap_or_default();
        if list.len() > 3 || list.contains(&0) {
            return Err(format!("run file '{name}': {key} takes one to three sizes of at least 1"));
        }
        let mut out = [1; 3];
        out[..list.len()].copy_from_slice(&list);
        Ok(out)
    };
    let mut job = Job {
        input: base.join(&file.input),
        kernel: file.kernel,
        groups: grid(file.groups, "groups")?,
        local: grid(file.local, "local")?,
        args: Vec::new(),
        surfaces: Vec::new(),
        samplers: Vec::new(),
        expects: file.expect.iter().map(|e| Expect { bti: e.bti, file: resolve(&e.file) }).collect(),
        defines: file.defines,
        include_dirs: file.include_dirs.iter().map(|d| resolve(d).display().to_string()).collect(),
        march: file.march,
        hardware_bounds: file.hardware_bounds,
    };
    for (i, arg) in file.args.iter().enumerate() {
        job.args.push(match arg {
            toml::Value::String(s) => s.clone(),
            toml::Value::Integer(n) => n.to_string(),
            toml::Value::Float(x) => x.to_string(),
            toml::Value::Array(items) => items
                .iter()
                .map(|item| match item {
                    toml::Value::Integer(n) => Ok(n.to_string()),
                    toml::Value::Float(x) => Ok(x.to_string()),
                    _ => Err(format!("run file '{name}': args[{i}]: a vector holds numbers only")),
                })
                .collect::<Result<Vec<_>, _>>()?
                .join(","),
            _ => return Err(format!("run file '{name}': args[{i}] is not a number, a vector or a string")),
        });
    }
    for table in &file.sampler {
        let origin = format!("sampler {} in run file '{name}'", table.index);
        if let Some(colour) = table.border.filter(|c| c.iter().any(|v| !v.is_finite())) {
            return Err(format!("{origin}: the border colour {colour:?} is not four finite numbers"));
        }
        let state = sampler_state(&table.filter, table.address.as_deref(), table.border, &origin)?;
        job.samplers.push(SamplerSpec { index: table.index, state, origin });
    }
    for table in &file.surface {
        let origin = format!("surface {} in run file '{name}'", table.bti);
        let input = match (&table.input, table.bytes) {
            (Some(input), None) if input == "zeros" && table.kind != "buffer" => Source::Zeros(None),
            (Some(input), None) if input != "zeros" => Source::File(resolve(input)),
            (None, Some(bytes)) if table.kind == "buffer" => Source::Zeros(Some(bytes)),
            (None, None) if table.kind != "buffer" => Source::Zeros(None),
            _ => return Err(format!("{origin}: give `input` (a file, or \"zeros\" for an image), or `bytes` for a zero buffer")),
        };
        let image = match table.kind.as_str() {
            "buffer" => {
                if table.width.is_some()
                    || table.height.is_some()
                    || table.depth.is_some()
                    || table.pitch.is_some()
                    || table.slice_pitch.is_some()
                    || table.format.is_some()
                {
                    return Err(format!("{origin}: a buffer has no width, height, depth, pitch or format"));
                }
                None
            }
            kind if ImageKind::parse(kind).is_some() => Some(ImageShape {
                kind: ImageKind::parse(kind).unwrap_or_default(),
                width: table.width,
                height: table.height,
                depth: table.depth,
                pitch: table.pitch,
                slice_pitch: table.slice_pitch,
                format: match &table.format {
                    None => None,
                    Some(f) => Some(SurfaceFormat::parse(f).ok_or_else(|| {
                        format!("{origin}: unknown format '{f}' (known: {})", SurfaceFormat::names())
                    })?),
                },
            }),
            other => {
                return Err(format!("{origin}: kind '{other}' is not buffer, image1d, image2d, image3d or nv12"))
            }
        };
        job.surfaces.push(SurfaceSpec {
            bti: table.bti,
            image,
            input,
            output: table.output.as_deref().map(resolve),
            origin,
        });
    }
    Ok(job)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn surface_specs() {
        let s = parse_surface("1=image2d:64x16:b8g8r8a8_unorm:in.bin:out.png").unwrap();
        assert_eq!(s.bti, 1);
        let shape = s.image.unwrap();
        assert_eq!((shape.width, shape.height, shape.pitch), (Some(64), Some(16), None));
        assert_eq!(shape.format, Some(SurfaceFormat::B8G8R8A8Unorm));
        assert_eq!(s.input, Source::File("in.bin".into()));
        assert_eq!(s.output, Some(PathBuf::from("out.png")));
        let s = parse_surface("2=image2d:photo.png").unwrap();
        assert_eq!(s.image.unwrap(), ImageShape::default());
        let s = parse_surface("3=image2d:8x4x64:zeros").unwrap();
        assert_eq!(s.image.unwrap().pitch, Some(64));
        assert_eq!(s.input, Source::Zeros(None));
        assert_eq!(parse_surface("0=zeros:0x10:o.bin").unwrap().input, Source::Zeros(Some(16)));
        let err = parse_surface("1=image2d:8x8:rgba9_uint:in.bin").unwrap_err();
        assert!(err.contains("unknown format 'rgba9_uint'") && err.contains("r8_uint"), "{err}");
        assert!(parse_surface("1=image2d:0x8:in.bin").unwrap_err().contains("image shape"));
        assert!(parse_surface("x=buffer:a").unwrap_err().contains("--surface 'x=buffer:a'"));
        let s = parse_surface("4=image3d:4x2x3x16x64:r32_float:zeros").unwrap().image.unwrap();
        assert_eq!(s.kind, ImageKind::Image3D);
        assert_eq!((s.width, s.height, s.depth, s.pitch, s.slice_pitch), (Some(4), Some(2), Some(3), Some(16), Some(64)));
        let s = parse_surface("5=image1d:16:r8g8_uint:in.bin").unwrap().image.unwrap();
        assert_eq!((s.kind, s.width, s.height, s.format), (ImageKind::Image1D, Some(16), None, Some(SurfaceFormat::R8G8Uint)));
        let s = parse_surface("6=nv12:64x32x128:frame.yuv:out.yuv").unwrap();
        let shape = s.image.unwrap();
        assert_eq!((shape.kind, shape.width, shape.height, shape.pitch), (ImageKind::Nv12, Some(64), Some(32), Some(128)));
        assert_eq!(s.output, Some(PathBuf::from("out.yuv")));
        assert!(parse_surface("6=image3d:4x2:zeros").unwrap_err().contains("WIDTHxHEIGHTxDEPTH"));
    }

    #[test]
    fn sizes_and_dims() {
        assert_eq!(dims("4,2", "--groups").unwrap(), [4, 2, 1]);
        assert_eq!(dims("2x3x4", "--local").unwrap(), [2, 3, 4]);
        assert!(dims("0", "--local").is_err());
        assert!(size("99999999999", 0, "w").is_err());
        assert!(byte_count("0x80000000", "n").is_err());
        assert_eq!(parse_expect("2=a.png").unwrap(), Expect { bti: 2, file: "a.png".into() });
    }

    #[test]
    fn sampler_specs() {
        use genx_exec::machine::{SamplerAddress as A, SamplerFilter as F};
        let state = |text: &str| parse_sampler(text).map(|s| (s.index, s.state.filter, s.state.address));
        assert_eq!(state("0=nearest"), Ok((0, F::Nearest, A::Clamp)));
        assert_eq!(state("2=linear:wrap"), Ok((2, F::Linear, A::Wrap)));
        assert_eq!(state("1=nearest:mirror"), Ok((1, F::Nearest, A::Mirror)));
        assert_eq!(state("3=linear:border"), Ok((3, F::Linear, A::Border([0.0; 4]))));
        assert_eq!(state("3=linear:border:0.5,0,0,1"), Ok((3, F::Linear, A::Border([0.5, 0.0, 0.0, 1.0]))));
        for (text, why) in [
            ("nearest", "expected INDEX=FILTER"),
            ("x=nearest", "is not a size"),
            ("0=point", "unknown filter 'point'"),
            ("0=linear:clamp_to_edge", "unknown addressing mode"),
            ("0=linear:clamp:0,0,0,0", "not border"),
            ("0=linear:border:0,0,0", "not four numbers"),
            ("0=linear:border:0,0,0,inf", "not four numbers"),
        ] {
            let err = parse_sampler(text).unwrap_err();
            assert!(err.starts_with(&format!("--sampler '{text}'")) && err.contains(why), "{text}: {err}");
        }
    }

    #[test]
    fn run_files() {
        let dir = std::env::temp_dir().join(format!("cmc-run-spec-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("job.toml");
        let read = |text: &str| {
            std::fs::write(&file, text).unwrap();
            read_run_file(&file)
        };
        let job = read(
            "input = \"k.cpp\"\ngroups = [4, 2]\nargs = [\"surface:1\", 7, 1.5, [1, 2]]\n\
             [[surface]]\nbti = 1\nkind = \"image2d\"\nformat = \"r16_uint\"\nwidth = 8\nheight = 2\ninput = \"zeros\"\n\
             [[surface]]\nbti = 2\nkind = \"buffer\"\nbytes = 64\noutput = \"o.bin\"\n",
        )
        .unwrap();
        assert_eq!(job.input, dir.join("k.cpp"));
        assert_eq!((job.groups, job.local), ([4, 2, 1], [1, 1, 1]));
        assert_eq!(job.args, ["surface:1", "7", "1.5", "1,2"]);
        assert_eq!(job.surfaces[0].image.as_ref().unwrap().format, Some(SurfaceFormat::R16Uint));
        assert_eq!(job.surfaces[1].input, Source::Zeros(Some(64)));
        assert_eq!(job.surfaces[1].output, Some(dir.join("o.bin")));
        let job = read("input = \"k.cpp\"\n[[sampler]]\nindex = 1\nfilter = \"nearest\"\naddress = \"border\"\nborder = [0, 0, 0, 1]\n")
            .unwrap();
        assert_eq!(job.samplers[0].index, 1);
        assert_eq!(job.samplers[0].state.address, genx_exec::machine::SamplerAddress::Border([0.0, 0.0, 0.0, 1.0]));
        let err = read("input = \"k.cpp\"\n[[sampler]]\nindex = 1\nfilter = \"cubic\"\n").unwrap_err();
        assert!(err.contains("sampler 1 in run file") && err.contains("unknown filter 'cubic'"), "{err}");
        let err = read("input = \"k.cpp\"\ngroup = [1]\n").unwrap_err();
        assert!(err.contains("group"), "{err}");
        let err = read("input = \"k.cpp\"\n[[surface]]\nbti = 2\nkind = \"buffer\"\ninput = \"zeros\"\n").unwrap_err();
        assert!(err.contains("surface 2 in run file") && err.contains("`bytes`"), "{err}");
        let err = read("input = \"k.cpp\"\n[[surface]]\nbti = 1\nkind = \"image2d\"\nformat = \"rgb8\"\n").unwrap_err();
        assert!(err.contains("unknown format 'rgb8'"), "{err}");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
