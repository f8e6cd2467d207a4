#ifndef CMEDIA_VIDEO_H
#define CMEDIA_VIDEO_H

#include <stddef.h>
#include <stdint.h>

/// Decodes videos, cameras and lavfi graphs in this process with FFmpeg's libraries
/// (libavformat, libavcodec, libswscale; libavdevice for cameras and graphs), into the
/// frames `ffmpeg -map 0:v:0 -f rawvideo -pix_fmt rgb24` would write: upright, same
/// scaler and colour tables. The libraries are loaded at first use (dlopen), so a process
/// that never opens a video does not pay for them.

/// What kind of input `cmedia_video_open` opens.
typedef enum {
  CMEDIA_VIDEO_FILE = 0,
  CMEDIA_VIDEO_CAMERA = 1,
  CMEDIA_VIDEO_GRAPH = 2,
} cmedia_video_kind;

/// What an open or a decode step came to.
typedef enum {
  CMEDIA_VIDEO_FRAME = 1,
  CMEDIA_VIDEO_END = 0,
  CMEDIA_VIDEO_ERROR = -1,
  /// The input opened but has no video stream.
  CMEDIA_VIDEO_NO_STREAM = -2,
  /// The libraries could not be loaded.
  CMEDIA_VIDEO_NO_LIBRARY = -3,
} cmedia_video_status;

/// The first video stream, as the frames come out.
typedef struct {
  /// Frame size after rotation.
  int width;
  int height;
  /// The stream's average frame rate (else its base rate) as a fraction; 0/0 when unknown.
  int rate_numerator;
  int rate_denominator;
  /// Frames the container declares; -1 when it does not say.
  int64_t frame_count;
  /// Clockwise quarter turns applied to each frame (0 to 3), from the display matrix.
  int quarter_turns;
  /// The stream's time base, the unit of `cmedia_video_frame_pts`, as a fraction of a second.
  int time_base_numerator;
  int time_base_denominator;
} cmedia_video_info;

/// An open input with its decoder.
typedef struct cmedia_video cmedia_video;

/// Opens `input` and its first video stream's decoder. Returns CMEDIA_VIDEO_FRAME
/// with `*video` and `*info` set, or a negative code with a one-line reason in `error`.
cmedia_video_status cmedia_video_open(const char *input, cmedia_video_kind kind,
                                                    cmedia_video **video, cmedia_video_info *info,
                             char *error, size_t error_size);

/// Decodes the next frame into `rgb` (`width * height * 3` bytes), or only decodes it when
/// `rgb` is NULL. Returns CMEDIA_VIDEO_FRAME, CMEDIA_VIDEO_END, or
/// CMEDIA_VIDEO_ERROR with the reason in `error`. A read error ends the stream as
/// ffmpeg does; packets that fail to decode are passed over, and the last such reason is
/// kept for `cmedia_video_last_problem`.
cmedia_video_status cmedia_video_next(cmedia_video *video, uint8_t *rgb, char *error,
                             size_t error_size);

/// The presentation time of the frame `cmedia_video_next` returned last (decoded or not), in
/// the stream's time base: libav's best effort, or INT64_MIN when the stream gives none.
int64_t cmedia_video_frame_pts(const cmedia_video *video);

/// The last problem libav reported while decoding, or an empty string.
const char *cmedia_video_last_problem(const cmedia_video *video);

/// Closes the input and frees everything; NULL is allowed.
void cmedia_video_close(cmedia_video *video);

/// Writes the codec name of `input`'s first audio stream (`aac`, `opus`: the name ffprobe
/// gives) into `name`. Returns CMEDIA_VIDEO_FRAME when there is one,
/// CMEDIA_VIDEO_NO_STREAM when there is none, or another negative code with the reason
/// in `name`.
cmedia_video_status cmedia_video_audio_codec(const char *input, char *name,
                                                           size_t name_size);

#endif
