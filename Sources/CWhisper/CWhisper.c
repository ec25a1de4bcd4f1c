#include "CWhisper.h"

#include <dlfcn.h>
#include <stdio.h>
#include <string.h>

static void *resolve(void *handle, const char *name, char *detail, size_t detail_size) {
  void *symbol = dlsym(handle, name);
  if (symbol == NULL) snprintf(detail, detail_size, "%s", name);
  return symbol;
}

const char *uw_load(const char *path, uw_api *api, char *detail, size_t detail_size) {
  // NB: RTLD_LOCAL keeps ggml's symbols out of the global namespace; the library finds its ggml
  // dependencies through its own RPATH, which is why it must be opened where pip installed it.
  void *handle = dlopen(path, RTLD_NOW | RTLD_LOCAL);
  if (handle == NULL) {
    const char *error = dlerror();
    snprintf(detail, detail_size, "%s", error ? error : "unknown error");
    return "could not open the whisper library";
  }
#define UW_RESOLVE(field, symbol)                                   \
  api->field = resolve(handle, symbol, detail, detail_size);        \
  if (api->field == NULL) return "the whisper library lacks a function";
  UW_RESOLVE(version, "whisper_version")
  UW_RESOLVE(context_default_params, "whisper_context_default_params")
  UW_RESOLVE(init_from_buffer_with_params, "whisper_init_from_buffer_with_params")
  UW_RESOLVE(free_context, "whisper_free")
  UW_RESOLVE(full_default_params_by_ref, "whisper_full_default_params_by_ref")
  UW_RESOLVE(free_params, "whisper_free_params")
  UW_RESOLVE(init_state, "whisper_init_state")
  UW_RESOLVE(free_state, "whisper_free_state")
  UW_RESOLVE(full_with_state, "whisper_full_with_state")
  UW_RESOLVE(full_n_segments, "whisper_full_n_segments_from_state")
  UW_RESOLVE(full_get_segment_t0, "whisper_full_get_segment_t0_from_state")
  UW_RESOLVE(full_get_segment_t1, "whisper_full_get_segment_t1_from_state")
  UW_RESOLVE(full_get_segment_text, "whisper_full_get_segment_text_from_state")
  UW_RESOLVE(full_get_segment_no_speech_prob, "whisper_full_get_segment_no_speech_prob_from_state")
  UW_RESOLVE(full_n_tokens, "whisper_full_n_tokens_from_state")
  UW_RESOLVE(full_get_token_text, "whisper_full_get_token_text_from_state")
  UW_RESOLVE(full_get_token_data, "whisper_full_get_token_data_from_state")
  UW_RESOLVE(full_lang_id, "whisper_full_lang_id_from_state")
  UW_RESOLVE(lang_str, "whisper_lang_str")
  UW_RESOLVE(pcm_to_mel_with_state, "whisper_pcm_to_mel_with_state")
  UW_RESOLVE(lang_auto_detect_with_state, "whisper_lang_auto_detect_with_state")
  UW_RESOLVE(lang_max_id, "whisper_lang_max_id")
  UW_RESOLVE(lang_id, "whisper_lang_id")
  UW_RESOLVE(token_eot, "whisper_token_eot")
  UW_RESOLVE(log_set, "whisper_log_set")
  UW_RESOLVE(tokenize, "whisper_tokenize")
  UW_RESOLVE(n_vocab, "whisper_n_vocab")
  UW_RESOLVE(init_from_file_no_state, "whisper_init_from_file_with_params_no_state")
#undef UW_RESOLVE
  return NULL;
}

void uw_silent_log(int32_t level, const char *text, void *user) {
  (void)level;
  (void)text;
  (void)user;
}

size_t uw_sizeof_full_params(void) { return sizeof(uw_full_params); }
size_t uw_sizeof_context_params(void) { return sizeof(uw_context_params); }
