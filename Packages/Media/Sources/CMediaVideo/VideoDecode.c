#include "CMediaVideo.h"

#include <dlfcn.h>
#include <math.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <libavcodec/avcodec.h>
#include <libavdevice/avdevice.h>
#include <libavformat/avformat.h>
#include <libavutil/display.h>
#include <libavutil/macros.h>
#include <libavutil/opt.h>
#include <libswscale/swscale.h>

// Each libav function this file calls, as a pointer of the header's own type, found with
// dlsym when the libraries load.
#define UTIL_FUNCTIONS(X) \
  X(av_frame_alloc) X(av_frame_free) X(av_frame_unref) X(av_strerror) X(av_log_set_callback) \
  X(av_display_rotation_get) X(av_opt_get) X(av_free)
#define SCALE_FUNCTIONS(X) \
  X(sws_getCachedContext) X(sws_scale) X(sws_freeContext) X(sws_getCoefficients) \
  X(sws_getColorspaceDetails) X(sws_setColorspaceDetails)
#define CODEC_FUNCTIONS(X) \
  X(avcodec_find_decoder) X(avcodec_alloc_context3) X(avcodec_parameters_to_context) \
  X(avcodec_open2) X(avcodec_send_packet) X(avcodec_receive_frame) X(avcodec_free_context) \
  X(av_packet_alloc) X(av_packet_free) X(av_packet_unref) X(avcodec_get_name)
#define FORMAT_FUNCTIONS(X) \
  X(avformat_open_input) X(avformat_find_stream_info) X(avformat_close_input) X(av_read_frame) \
  X(av_find_input_format) X(av_stream_get_side_data)
#define DEVICE_FUNCTIONS(X) X(avdevice_register_all)

#define DECLARE(name) static __typeof__(&name) call_##name;
UTIL_FUNCTIONS(DECLARE)
SCALE_FUNCTIONS(DECLARE)
CODEC_FUNCTIONS(DECLARE)
FORMAT_FUNCTIONS(DECLARE)
DEVICE_FUNCTIONS(DECLARE)

static pthread_once_t libraries_once = PTHREAD_ONCE_INIT;
static pthread_once_t devices_once = PTHREAD_ONCE_INIT;
static char libraries_error[256];
static char devices_error[256];

// The last error libav logged on this thread: libav's own lines never reach the terminal.
static _Thread_local char logged_error[256];

static void log_line(void *context, int level, const char *format, va_list arguments) {
  (void)context;
  if (level > AV_LOG_ERROR) return;
  vsnprintf(logged_error, sizeof logged_error, format, arguments);
  size_t length = strlen(logged_error);
  while (length > 0 && (logged_error[length - 1] == '\n' || logged_error[length - 1] == ' ')) {
    logged_error[--length] = 0;
  }
}

/// Opens the library `name`, or returns NULL with the reason in `error`.
static void *open_library(const char *name, char *error, size_t error_size) {
  void *library = dlopen(name, RTLD_NOW | RTLD_LOCAL);
  if (!library) {
    const char *reason = dlerror();
    snprintf(error, error_size, "%s (install Debian's ffmpeg libraries: Tools/setup does it)",
             reason ? reason : name);
  }
  return library;
}

#define FIND(name)                                                           \
  call_##name = (__typeof__(&name))dlsym(library, #name);                    \
  if (!call_##name) {                                                        \
    snprintf(error, error_size, "%s has no function %s", library_name, #name); \
    return -1;                                                               \
  }

#define LOAD(soname, FUNCTIONS)                                     \
  do {                                                              \
    const char *library_name = soname;                              \
    void *library = open_library(library_name, error, error_size); \
    if (!library) return -1;                                        \
    FUNCTIONS(FIND)                                                 \
  } while (0)

static int load_libraries_into(char *error, size_t error_size) {
  LOAD("libavutil.so." AV_STRINGIFY(LIBAVUTIL_VERSION_MAJOR), UTIL_FUNCTIONS);
  LOAD("libswscale.so." AV_STRINGIFY(LIBSWSCALE_VERSION_MAJOR), SCALE_FUNCTIONS);
  LOAD("libavcodec.so." AV_STRINGIFY(LIBAVCODEC_VERSION_MAJOR), CODEC_FUNCTIONS);
  LOAD("libavformat.so." AV_STRINGIFY(LIBAVFORMAT_VERSION_MAJOR), FORMAT_FUNCTIONS);
  call_av_log_set_callback(log_line);
  return 0;
}

static int load_devices_into(char *error, size_t error_size) {
  LOAD("libavdevice.so." AV_STRINGIFY(LIBAVDEVICE_VERSION_MAJOR), DEVICE_FUNCTIONS);
  call_avdevice_register_all();
  return 0;
}

static void load_libraries(void) {
  if (load_libraries_into(libraries_error, sizeof libraries_error) != 0 && !libraries_error[0]) {
    snprintf(libraries_error, sizeof libraries_error, "the ffmpeg libraries did not load");
  }
}

static void load_devices(void) {
  if (load_devices_into(devices_error, sizeof devices_error) != 0 && !devices_error[0]) {
    snprintf(devices_error, sizeof devices_error, "libavdevice did not load");
  }
}

struct cmedia_video {
  AVFormatContext *format;
  AVCodecContext *codec;
  AVPacket *packet;
  AVFrame *frame;
  struct SwsContext *scaler;
  int stream;
  // The decoded size, before rotation.
  int width;
  int height;
  int quarter_turns;
  // The scaler writes here, with aligned rows, as into ffmpeg's own frame buffers.
  uint8_t *scaled;
  int scaled_stride;
  int draining;
  // The presentation time of the last frame received (AV_NOPTS_VALUE for none).
  int64_t frame_pts;
  char last_problem[256];
};

static void reason(int code, char *text, size_t size) {
  if (call_av_strerror(code, text, size) < 0) snprintf(text, size, "libav error %d", code);
}

static void remember_problem(cmedia_video *video, int code) {
  if (logged_error[0]) {
    snprintf(video->last_problem, sizeof video->last_problem, "%s", logged_error);
  } else {
    reason(code, video->last_problem, sizeof video->last_problem);
  }
}

// Clockwise quarter turns from a display matrix, rounded as ffmpeg's autorotate does; an
// angle that is not a quarter turn is left unrotated.
static int quarter_turns(const int32_t *matrix) {
  if (!matrix) return 0;
  double theta = -round(call_av_display_rotation_get(matrix));
  theta -= 360 * floor(theta / 360 + 0.9 / 360);
  for (int turns = 1; turns <= 3; turns++) {
    if (fabs(theta - 90 * turns) < 1.0) return turns;
  }
  return 0;
}

// Whether `rate` is the demuxer's own `framerate` option (25 unless set), not the file's: so
// it is for a bare stream (motion JPEG, raw H.264 without timing), whose times follow from it.
static int is_demuxer_rate(AVFormatContext *format, AVRational rate) {
  uint8_t *text = NULL;
  if (!format->priv_data || call_av_opt_get(format->priv_data, "framerate", 0, &text) < 0) return 0;
  AVRational assumed = {0, 1};
  const int parsed = text && sscanf((const char *)text, "%d/%d", &assumed.num, &assumed.den) == 2;
  call_av_free(text);
  return parsed && assumed.num > 0 && assumed.den > 0 && av_cmp_q(rate, assumed) == 0;
}

cmedia_video_status cmedia_video_open(const char *input, cmedia_video_kind kind,
                             cmedia_video **result, cmedia_video_info *info,
                             char *error, size_t error_size) {
  *result = NULL;
  pthread_once(&libraries_once, load_libraries);
  if (libraries_error[0]) {
    snprintf(error, error_size, "%s", libraries_error);
    return CMEDIA_VIDEO_NO_LIBRARY;
  }
  const AVInputFormat *format = NULL;
  if (kind != CMEDIA_VIDEO_FILE) {
    pthread_once(&devices_once, load_devices);
    if (devices_error[0]) {
      snprintf(error, error_size, "%s", devices_error);
      return CMEDIA_VIDEO_NO_LIBRARY;
    }
    format = call_av_find_input_format(kind == CMEDIA_VIDEO_CAMERA ? "v4l2" : "lavfi");
  }
  cmedia_video *video = calloc(1, sizeof *video);
  if (video) video->frame_pts = AV_NOPTS_VALUE;
  if (!video) {
    snprintf(error, error_size, "out of memory");
    return CMEDIA_VIDEO_ERROR;
  }
  char text[200];
  int code = call_avformat_open_input(&video->format, input, format, NULL);
  if (code < 0) {
    reason(code, text, sizeof text);
    snprintf(error, error_size, "%s: %s", input, text);
    cmedia_video_close(video);
    return CMEDIA_VIDEO_ERROR;
  }
  code = call_avformat_find_stream_info(video->format, NULL);
  if (code < 0) {
    reason(code, text, sizeof text);
    snprintf(error, error_size, "%s: could not find codec parameters: %s", input, text);
    cmedia_video_close(video);
    return CMEDIA_VIDEO_ERROR;
  }
  video->stream = -1;
  for (unsigned index = 0; index < video->format->nb_streams; index++) {
    if (video->format->streams[index]->codecpar->codec_type == AVMEDIA_TYPE_VIDEO) {
      video->stream = (int)index;
      break;
    }
  }
  if (video->stream < 0) {
    snprintf(error, error_size, "no video stream");
    cmedia_video_close(video);
    return CMEDIA_VIDEO_NO_STREAM;
  }
  AVStream *stream = video->format->streams[video->stream];
  const AVCodec *decoder = call_avcodec_find_decoder(stream->codecpar->codec_id);
  video->codec = decoder ? call_avcodec_alloc_context3(decoder) : NULL;
  video->packet = call_av_packet_alloc();
  video->frame = call_av_frame_alloc();
  if (!decoder || !video->codec || !video->packet || !video->frame) {
    snprintf(error, error_size, decoder ? "out of memory" : "no decoder for its video codec");
    cmedia_video_close(video);
    return CMEDIA_VIDEO_ERROR;
  }
  code = call_avcodec_parameters_to_context(video->codec, stream->codecpar);
  if (code >= 0) {
    video->codec->pkt_timebase = stream->time_base;
    video->codec->thread_count = 1;
    code = call_avcodec_open2(video->codec, decoder, NULL);
  }
  if (code < 0) {
    reason(code, text, sizeof text);
    snprintf(error, error_size, "cannot open its decoder: %s", text);
    cmedia_video_close(video);
    return CMEDIA_VIDEO_ERROR;
  }
  video->width = stream->codecpar->width;
  video->height = stream->codecpar->height;
  video->quarter_turns = quarter_turns(
      (const int32_t *)call_av_stream_get_side_data(stream, AV_PKT_DATA_DISPLAYMATRIX, NULL));
  const int sideways = video->quarter_turns % 2 == 1;
  info->width = sideways ? video->height : video->width;
  info->height = sideways ? video->width : video->height;
  AVRational rate = stream->avg_frame_rate;
  if (rate.num <= 0 || rate.den <= 0) rate = stream->r_frame_rate;
  const int untimed = kind == CMEDIA_VIDEO_FILE && is_demuxer_rate(video->format, rate);
  if (untimed) rate = (AVRational){0, 0};
  info->rate_numerator = rate.num > 0 && rate.den > 0 ? rate.num : 0;
  info->rate_denominator = rate.num > 0 && rate.den > 0 ? rate.den : 0;
  info->frame_count = stream->nb_frames > 0 ? stream->nb_frames : -1;
  info->quarter_turns = video->quarter_turns;
  info->time_base_numerator = untimed ? 0 : stream->time_base.num;
  info->time_base_denominator = untimed ? 0 : stream->time_base.den;
  *result = video;
  return CMEDIA_VIDEO_FRAME;
}

/// Copies the scaled frame into `rgb`, turned clockwise by the stream's quarter turns.
static void place(const cmedia_video *video, uint8_t *rgb) {
  const int width = video->width, height = video->height, stride = video->scaled_stride;
  const uint8_t *source = video->scaled;
  switch (video->quarter_turns) {
  case 0:
    for (int row = 0; row < height; row++) {
      memcpy(rgb + (size_t)row * width * 3, source + (size_t)row * stride, (size_t)width * 3);
    }
    return;
  case 2:
    for (int row = 0; row < height; row++) {
      const uint8_t *from = source + (size_t)(height - 1 - row) * stride;
      uint8_t *to = rgb + (size_t)row * width * 3;
      for (int column = 0; column < width; column++) {
        memcpy(to + column * 3, from + (size_t)(width - 1 - column) * 3, 3);
      }
    }
    return;
  default: {
    // Sideways: the output has `height` columns and `width` rows.
    const int clockwise = video->quarter_turns == 1;
    for (int row = 0; row < width; row++) {
      uint8_t *to = rgb + (size_t)row * height * 3;
      for (int column = 0; column < height; column++) {
        const int source_row = clockwise ? height - 1 - column : column;
        const int source_column = clockwise ? row : width - 1 - row;
        memcpy(to + column * 3, source + (size_t)source_row * stride + (size_t)source_column * 3, 3);
      }
    }
  }
  }
}

/// Scales the decoded frame to RGB at the stream's size with the colour tables ffmpeg's
/// scale filter would choose (the frame's matrix and range), turned as the stream says.
static cmedia_video_status convert(cmedia_video *video, uint8_t *rgb, char *error, size_t error_size) {
  AVFrame *frame = video->frame;
  // An upright frame of the stream's size, 16 pixels a block, is converted straight into `rgb`:
  // swscale's converter stores 16 pixels at a time unaligned, so rows of whole blocks end
  // where they should. Any other is converted into a padded copy, then placed (a copy of
  // 6 MB a frame at 1080p).
  const int direct = video->quarter_turns == 0 && frame->width == video->width &&
                     frame->height == video->height && video->width % 16 == 0 &&
                     ((uintptr_t)rgb & 15) == 0;
  if (!direct && !video->scaled) {
    video->scaled_stride = (video->width * 3 + 63) & ~63;
    if (posix_memalign((void **)&video->scaled, 64, (size_t)video->scaled_stride * video->height) != 0) {
      video->scaled = NULL;
      snprintf(error, error_size, "out of memory");
      return CMEDIA_VIDEO_ERROR;
    }
  }
  video->scaler = call_sws_getCachedContext(video->scaler, frame->width, frame->height, frame->format,
                                            video->width, video->height, AV_PIX_FMT_RGB24,
                                            SWS_BICUBIC, NULL, NULL, NULL);
  if (!video->scaler) {
    snprintf(error, error_size, "cannot convert frames of %dx%d (%d) to RGB", frame->width,
             frame->height, frame->format);
    return CMEDIA_VIDEO_ERROR;
  }
  int *inverse_table, *table, source_full, destination_full, brightness, contrast, saturation;
  if (call_sws_getColorspaceDetails(video->scaler, &inverse_table, &source_full, &table,
                                    &destination_full, &brightness, &contrast, &saturation) >= 0) {
    const int *coefficients = call_sws_getCoefficients(frame->colorspace);
    if (frame->color_range != AVCOL_RANGE_UNSPECIFIED) source_full = frame->color_range == AVCOL_RANGE_JPEG;
    call_sws_setColorspaceDetails(video->scaler, coefficients, source_full, coefficients,
                                  destination_full, brightness, contrast, saturation);
  }
  uint8_t *planes[4] = {direct ? rgb : video->scaled, NULL, NULL, NULL};
  int strides[4] = {direct ? video->width * 3 : video->scaled_stride, 0, 0, 0};
  call_sws_scale(video->scaler, (const uint8_t *const *)frame->data, frame->linesize, 0,
                 frame->height, planes, strides);
  if (!direct) place(video, rgb);
  return CMEDIA_VIDEO_FRAME;
}

cmedia_video_status cmedia_video_next(cmedia_video *video, uint8_t *rgb, char *error,
                             size_t error_size) {
  for (;;) {
    logged_error[0] = 0;
    int code = call_avcodec_receive_frame(video->codec, video->frame);
    if (code == 0) {
      video->frame_pts = video->frame->best_effort_timestamp;
      cmedia_video_status result = rgb ? convert(video, rgb, error, error_size) : CMEDIA_VIDEO_FRAME;
      call_av_frame_unref(video->frame);
      return result;
    }
    if (code == AVERROR_EOF) return CMEDIA_VIDEO_END;
    if (code != AVERROR(EAGAIN)) {
      // A frame that fails to decode is passed over, as ffmpeg does.
      remember_problem(video, code);
      if (video->draining) return CMEDIA_VIDEO_END;
      continue;
    }
    if (video->draining) return CMEDIA_VIDEO_END;
    logged_error[0] = 0;
    code = call_av_read_frame(video->format, video->packet);
    if (code == AVERROR(EAGAIN)) {
      usleep(5000);
      continue;
    }
    if (code < 0) {
      // The end of the input, or a read error, which ends it too.
      if (code != AVERROR_EOF) remember_problem(video, code);
      video->draining = 1;
      call_avcodec_send_packet(video->codec, NULL);
      continue;
    }
    if (video->packet->stream_index == video->stream) {
      code = call_avcodec_send_packet(video->codec, video->packet);
      if (code < 0 && code != AVERROR(EAGAIN)) remember_problem(video, code);
    }
    call_av_packet_unref(video->packet);
  }
}

int64_t cmedia_video_frame_pts(const cmedia_video *video) {
  return video->frame_pts == AV_NOPTS_VALUE ? INT64_MIN : video->frame_pts;
}

const char *cmedia_video_last_problem(const cmedia_video *video) {
  return video->last_problem;
}

void cmedia_video_close(cmedia_video *video) {
  if (!video) return;
  if (video->scaler) call_sws_freeContext(video->scaler);
  if (video->frame) call_av_frame_free(&video->frame);
  if (video->packet) call_av_packet_free(&video->packet);
  if (video->codec) call_avcodec_free_context(&video->codec);
  if (video->format) call_avformat_close_input(&video->format);
  free(video->scaled);
  free(video);
}

cmedia_video_status cmedia_video_audio_codec(const char *input, char *name,
                                                           size_t name_size) {
  pthread_once(&libraries_once, load_libraries);
  if (libraries_error[0]) {
    snprintf(name, name_size, "%s", libraries_error);
    return CMEDIA_VIDEO_NO_LIBRARY;
  }
  AVFormatContext *format = NULL;
  int code = call_avformat_open_input(&format, input, NULL, NULL);
  if (code >= 0) code = call_avformat_find_stream_info(format, NULL);
  if (code < 0) {
    char text[200];
    reason(code, text, sizeof text);
    snprintf(name, name_size, "%s: %s", input, text);
    call_avformat_close_input(&format);
    return CMEDIA_VIDEO_ERROR;
  }
  cmedia_video_status status = CMEDIA_VIDEO_NO_STREAM;
  for (unsigned index = 0; index < format->nb_streams; index++) {
    const AVCodecParameters *parameters = format->streams[index]->codecpar;
    if (parameters->codec_type == AVMEDIA_TYPE_AUDIO) {
      snprintf(name, name_size, "%s", call_avcodec_get_name(parameters->codec_id));
      status = CMEDIA_VIDEO_FRAME;
      break;
    }
  }
  call_avformat_close_input(&format);
  return status;
}
