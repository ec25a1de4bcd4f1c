// Utter's own declarations of the part of the whisper.cpp 1.8.5 C ABI it calls.
// The library is loaded at run time with dlopen; nothing here links against it.
// Struct layouts must match 1.8.5 exactly: the loader refuses any other version.
#ifndef UTTER_CWHISPER_H
#define UTTER_CWHISPER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef int32_t uw_token;

typedef struct uw_alignment_head {
  int32_t text_layer;
  int32_t head;
} uw_alignment_head;

typedef struct uw_alignment_heads {
  size_t count;
  const uw_alignment_head *heads;
} uw_alignment_heads;

/// whisper_context_params
typedef struct uw_context_params {
  bool use_gpu;
  bool flash_attn;
  int32_t gpu_device;
  bool dtw_token_timestamps;
  int32_t dtw_aheads_preset;
  int32_t dtw_n_top;
  uw_alignment_heads dtw_aheads;
  size_t dtw_mem_size;
} uw_context_params;

/// whisper_token_data
typedef struct uw_token_data {
  uw_token id;
  uw_token tid;
  float p;
  float plog;
  float pt;
  float ptsum;
  int64_t t0;
  int64_t t1;
  int64_t t_dtw;
  float vlen;
} uw_token_data;

/// whisper_vad_params
typedef struct uw_vad_params {
  float threshold;
  int32_t min_speech_duration_ms;
  int32_t min_silence_duration_ms;
  float max_speech_duration_s;
  int32_t speech_pad_ms;
  float samples_overlap;
} uw_vad_params;

typedef void *uw_callback;

/// whisper_full_params, field for field.
typedef struct uw_full_params {
  int32_t strategy;  // 0 greedy, 1 beam search
  int32_t n_threads;
  int32_t n_max_text_ctx;
  int32_t offset_ms;
  int32_t duration_ms;

  bool translate;
  bool no_context;
  bool no_timestamps;
  bool single_segment;
  bool print_special;
  bool print_progress;
  bool print_realtime;
  bool print_timestamps;

  bool token_timestamps;
  float thold_pt;
  float thold_ptsum;
  int32_t max_len;
  bool split_on_word;
  int32_t max_tokens;

  bool debug_mode;
  int32_t audio_ctx;

  bool tdrz_enable;

  const char *suppress_regex;

  const char *initial_prompt;
  bool carry_initial_prompt;
  const uw_token *prompt_tokens;
  int32_t prompt_n_tokens;

  const char *language;
  bool detect_language;

  bool suppress_blank;
  bool suppress_nst;

  float temperature;
  float max_initial_ts;
  float length_penalty;

  float temperature_inc;
  float entropy_thold;
  float logprob_thold;
  float no_speech_thold;

  struct {
    int32_t best_of;
  } greedy;

  struct {
    int32_t beam_size;
    float patience;
  } beam_search;

  uw_callback new_segment_callback;
  void *new_segment_callback_user_data;
  uw_callback progress_callback;
  void *progress_callback_user_data;
  uw_callback encoder_begin_callback;
  void *encoder_begin_callback_user_data;
  uw_callback abort_callback;
  void *abort_callback_user_data;
  uw_callback logits_filter_callback;
  void *logits_filter_callback_user_data;

  const void **grammar_rules;
  size_t n_grammar_rules;
  size_t i_start_rule;
  float grammar_penalty;

  bool vad;
  const char *vad_model_path;
  uw_vad_params vad_params;
} uw_full_params;

/// The functions Utter calls, resolved with dlsym.
typedef struct uw_api {
  const char *(*version)(void);
  uw_context_params (*context_default_params)(void);
  void *(*init_from_buffer_with_params)(void *buffer, size_t size, uw_context_params params);
  void (*free_context)(void *ctx);
  uw_full_params *(*full_default_params_by_ref)(int32_t strategy);
  void (*free_params)(uw_full_params *params);
  /// A fresh decoding state per call: whisper.cpp's beam search carries values from one call to the next in a
  /// shared state, so the same audio could read differently depending on what was decoded before it.
  void *(*init_state)(void *ctx);
  void (*free_state)(void *state);
  int32_t (*full_with_state)(void *ctx, void *state, uw_full_params params, const float *samples, int32_t n_samples);
  int32_t (*full_n_segments)(void *state);
  int64_t (*full_get_segment_t0)(void *state, int32_t i);
  int64_t (*full_get_segment_t1)(void *state, int32_t i);
  const char *(*full_get_segment_text)(void *state, int32_t i);
  float (*full_get_segment_no_speech_prob)(void *state, int32_t i);
  int32_t (*full_n_tokens)(void *state, int32_t i);
  const char *(*full_get_token_text)(void *ctx, void *state, int32_t i, int32_t j);
  uw_token_data (*full_get_token_data)(void *state, int32_t i, int32_t j);
  int32_t (*full_lang_id)(void *state);
  const char *(*lang_str)(int32_t id);
  /// Language detection: the log-mel of the samples into the state, then each language's probability from the
  /// encoder's reading of it (`lang_probs` holds `lang_max_id() + 1` values); returns the top id, negative on failure.
  int32_t (*pcm_to_mel_with_state)(void *ctx, void *state, const float *samples, int32_t n_samples, int32_t n_threads);
  int32_t (*lang_auto_detect_with_state)(void *ctx, void *state, int32_t offset_ms, int32_t n_threads, float *lang_probs);
  int32_t (*lang_max_id)(void);
  int32_t (*lang_id)(const char *lang);
  uw_token (*token_eot)(void *ctx);
  void (*log_set)(void (*callback)(int32_t level, const char *text, void *user), void *user);
  /// The tokens of `text`; returns how many, or a negative number when more than `n_max_tokens` are needed.
  int32_t (*tokenize)(void *ctx, const char *text, uw_token *tokens, int32_t n_max_tokens);
  int32_t (*n_vocab)(void *ctx);
  /// A model file read by whisper.cpp's own loader, without the default state (each call makes its own).
  void *(*init_from_file_no_state)(const char *path, uw_context_params params);
} uw_api;

/// whisper.cpp's logits filter callback (`whisper_logits_filter_callback`): called at each decoding step, after the
/// temperature is applied, with the segment's tokens so far and the step's logits (one per vocabulary token).
typedef void (*uw_logits_filter)(
  void *ctx, void *state, const uw_token_data *tokens, int32_t n_tokens, float *logits, void *user_data);

/// Opens the library at `path` and resolves every function in `api`.
/// Returns NULL on success, else a static message naming what failed (dlerror's text is copied into `detail`).
const char *uw_load(const char *path, uw_api *api, char *detail, size_t detail_size);

/// A log callback that drops whisper.cpp's chatter.
void uw_silent_log(int32_t level, const char *text, void *user);

/// Sizes of the declared structs, checked by tests against the 1.8.5 layout.
size_t uw_sizeof_full_params(void);
size_t uw_sizeof_context_params(void);

#endif
