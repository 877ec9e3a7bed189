// The part of ONNX Runtime's C API that the PP-OCR engine calls, declared here because the PyPI wheel that
// provides the library ships no header. Layout and values copied from onnxruntime_c_api.h (microsoft/onnxruntime,
// include/onnxruntime/core/session/onnxruntime_c_api.h, ORT_API_VERSION 13) and cross-checked against the
// table in onnxruntime/core/session/onnxruntime_c_api.cc, which marks where each API version ends.
//
// The OrtApi table is append-only: entries never move once a version has shipped. We need nothing newer than
// version 5 (AddSessionConfigEntry is its last entry), so the struct stops there and the engine requests
// PPOCR_ORT_API_VERSION from GetApi; any later library (1.5 and up) returns a table that starts with this one.
// Entries we do not call are `const void *` placeholders that keep the offsets; they keep their names so the
// order can be checked against the header line by line. The number in front of each entry is its index.
//
// There is no link-time dependency: the library is opened with dlopen() and OrtGetApiBase found with dlsym(),
// so a datascan without ONNX Runtime still runs its other engines.
#ifndef CONNXRUNTIME_H
#define CONNXRUNTIME_H

#include <stddef.h>
#include <stdint.h>

#define PPOCR_ORT_API_VERSION 5

typedef enum ONNXTensorElementDataType {
    ONNX_TENSOR_ELEMENT_DATA_TYPE_UNDEFINED,
    ONNX_TENSOR_ELEMENT_DATA_TYPE_FLOAT,
    ONNX_TENSOR_ELEMENT_DATA_TYPE_UINT8,
    ONNX_TENSOR_ELEMENT_DATA_TYPE_INT8,
    ONNX_TENSOR_ELEMENT_DATA_TYPE_UINT16,
    ONNX_TENSOR_ELEMENT_DATA_TYPE_INT16,
    ONNX_TENSOR_ELEMENT_DATA_TYPE_INT32,
    ONNX_TENSOR_ELEMENT_DATA_TYPE_INT64,
    ONNX_TENSOR_ELEMENT_DATA_TYPE_STRING,
    ONNX_TENSOR_ELEMENT_DATA_TYPE_BOOL,
    ONNX_TENSOR_ELEMENT_DATA_TYPE_FLOAT16,
    ONNX_TENSOR_ELEMENT_DATA_TYPE_DOUBLE,
    ONNX_TENSOR_ELEMENT_DATA_TYPE_UINT32,
    ONNX_TENSOR_ELEMENT_DATA_TYPE_UINT64,
    ONNX_TENSOR_ELEMENT_DATA_TYPE_COMPLEX64,
    ONNX_TENSOR_ELEMENT_DATA_TYPE_COMPLEX128,
    ONNX_TENSOR_ELEMENT_DATA_TYPE_BFLOAT16
} ONNXTensorElementDataType;

typedef enum OrtLoggingLevel {
    ORT_LOGGING_LEVEL_VERBOSE,
    ORT_LOGGING_LEVEL_INFO,
    ORT_LOGGING_LEVEL_WARNING,
    ORT_LOGGING_LEVEL_ERROR,
    ORT_LOGGING_LEVEL_FATAL,
} OrtLoggingLevel;

typedef enum OrtErrorCode {
    ORT_OK,
    ORT_FAIL,
    ORT_INVALID_ARGUMENT,
    ORT_NO_SUCHFILE,
    ORT_NO_MODEL,
    ORT_ENGINE_ERROR,
    ORT_RUNTIME_EXCEPTION,
    ORT_INVALID_PROTOBUF,
    ORT_MODEL_LOADED,
    ORT_NOT_IMPLEMENTED,
    ORT_INVALID_GRAPH,
    ORT_EP_FAIL,
} OrtErrorCode;

typedef enum GraphOptimizationLevel {
    ORT_DISABLE_ALL = 0,
    ORT_ENABLE_BASIC = 1,
    ORT_ENABLE_EXTENDED = 2,
    ORT_ENABLE_ALL = 99
} GraphOptimizationLevel;

typedef enum ExecutionMode {
    ORT_SEQUENTIAL = 0,
    ORT_PARALLEL = 1,
} ExecutionMode;

typedef enum OrtAllocatorType {
    OrtInvalidAllocator = -1,
    OrtDeviceAllocator = 0,
    OrtArenaAllocator = 1
} OrtAllocatorType;

typedef enum OrtMemType {
    OrtMemTypeCPUInput = -2,
    OrtMemTypeCPUOutput = -1,
    OrtMemTypeCPU = OrtMemTypeCPUOutput,
    OrtMemTypeDefault = 0,
} OrtMemType;

// Opaque handles: ONNX Runtime owns their layout.
typedef struct OrtEnv OrtEnv;
typedef struct OrtStatus OrtStatus;
typedef struct OrtMemoryInfo OrtMemoryInfo;
typedef struct OrtSession OrtSession;
typedef struct OrtValue OrtValue;
typedef struct OrtRunOptions OrtRunOptions;
typedef struct OrtTypeInfo OrtTypeInfo;
typedef struct OrtTensorTypeAndShapeInfo OrtTensorTypeAndShapeInfo;
typedef struct OrtSessionOptions OrtSessionOptions;
typedef struct OrtModelMetadata OrtModelMetadata;
// A struct of function pointers in the real header; we only pass the default allocator back to the library.
typedef struct OrtAllocator OrtAllocator;

typedef struct OrtApi {
    // Version 1
    /*   0 */ const void *CreateStatus;
    /*   1 */ OrtErrorCode (*GetErrorCode)(const OrtStatus *status);
    /*   2 */ const char *(*GetErrorMessage)(const OrtStatus *status);
    /*   3 */ OrtStatus *(*CreateEnv)(OrtLoggingLevel log_severity_level, const char *logid, OrtEnv **out);
    /*   4 */ const void *CreateEnvWithCustomLogger;
    /*   5 */ const void *EnableTelemetryEvents;
    /*   6 */ const void *DisableTelemetryEvents;
    /*   7 */ OrtStatus *(*CreateSession)(const OrtEnv *env, const char *model_path, const OrtSessionOptions *options,
        OrtSession **out);
    /*   8 */ const void *CreateSessionFromArray;
    /*   9 */ OrtStatus *(*Run)(OrtSession *session, const OrtRunOptions *run_options, const char *const *input_names,
        const OrtValue *const *inputs, size_t input_len, const char *const *output_names, size_t output_names_len,
        OrtValue **outputs);
    /*  10 */ OrtStatus *(*CreateSessionOptions)(OrtSessionOptions **options);
    /*  11 */ const void *SetOptimizedModelFilePath;
    /*  12 */ const void *CloneSessionOptions;
    /*  13 */ OrtStatus *(*SetSessionExecutionMode)(OrtSessionOptions *options, ExecutionMode execution_mode);
    /*  14 */ const void *EnableProfiling;
    /*  15 */ const void *DisableProfiling;
    /*  16 */ const void *EnableMemPattern;
    /*  17 */ OrtStatus *(*DisableMemPattern)(OrtSessionOptions *options);
    /*  18 */ const void *EnableCpuMemArena;
    /*  19 */ OrtStatus *(*DisableCpuMemArena)(OrtSessionOptions *options);
    /*  20 */ const void *SetSessionLogId;
    /*  21 */ const void *SetSessionLogVerbosityLevel;
    /*  22 */ OrtStatus *(*SetSessionLogSeverityLevel)(OrtSessionOptions *options, int session_log_severity_level);
    /*  23 */ OrtStatus *(*SetSessionGraphOptimizationLevel)(OrtSessionOptions *options,
        GraphOptimizationLevel graph_optimization_level);
    /*  24 */ OrtStatus *(*SetIntraOpNumThreads)(OrtSessionOptions *options, int intra_op_num_threads);
    /*  25 */ OrtStatus *(*SetInterOpNumThreads)(OrtSessionOptions *options, int inter_op_num_threads);
    /*  26 */ const void *CreateCustomOpDomain;
    /*  27 */ const void *CustomOpDomain_Add;
    /*  28 */ const void *AddCustomOpDomain;
    /*  29 */ const void *RegisterCustomOpsLibrary;
    /*  30 */ OrtStatus *(*SessionGetInputCount)(const OrtSession *session, size_t *out);
    /*  31 */ OrtStatus *(*SessionGetOutputCount)(const OrtSession *session, size_t *out);
    /*  32 */ const void *SessionGetOverridableInitializerCount;
    /*  33 */ const void *SessionGetInputTypeInfo;
    /*  34 */ OrtStatus *(*SessionGetOutputTypeInfo)(const OrtSession *session, size_t index, OrtTypeInfo **type_info);
    /*  35 */ const void *SessionGetOverridableInitializerTypeInfo;
    /*  36 */ OrtStatus *(*SessionGetInputName)(const OrtSession *session, size_t index, OrtAllocator *allocator,
        char **value);
    /*  37 */ OrtStatus *(*SessionGetOutputName)(const OrtSession *session, size_t index, OrtAllocator *allocator,
        char **value);
    /*  38 */ const void *SessionGetOverridableInitializerName;
    /*  39 */ const void *CreateRunOptions;
    /*  40 */ const void *RunOptionsSetRunLogVerbosityLevel;
    /*  41 */ const void *RunOptionsSetRunLogSeverityLevel;
    /*  42 */ const void *RunOptionsSetRunTag;
    /*  43 */ const void *RunOptionsGetRunLogVerbosityLevel;
    /*  44 */ const void *RunOptionsGetRunLogSeverityLevel;
    /*  45 */ const void *RunOptionsGetRunTag;
    /*  46 */ const void *RunOptionsSetTerminate;
    /*  47 */ const void *RunOptionsUnsetTerminate;
    /*  48 */ const void *CreateTensorAsOrtValue;
    /*  49 */ OrtStatus *(*CreateTensorWithDataAsOrtValue)(const OrtMemoryInfo *info, void *p_data, size_t p_data_len,
        const int64_t *shape, size_t shape_len, ONNXTensorElementDataType type, OrtValue **out);
    /*  50 */ const void *IsTensor;
    /*  51 */ OrtStatus *(*GetTensorMutableData)(OrtValue *value, void **out);
    /*  52 */ const void *FillStringTensor;
    /*  53 */ const void *GetStringTensorDataLength;
    /*  54 */ const void *GetStringTensorContent;
    /*  55 */ OrtStatus *(*CastTypeInfoToTensorInfo)(const OrtTypeInfo *type_info,
        const OrtTensorTypeAndShapeInfo **out);
    /*  56 */ const void *GetOnnxTypeFromTypeInfo;
    /*  57 */ const void *CreateTensorTypeAndShapeInfo;
    /*  58 */ const void *SetTensorElementType;
    /*  59 */ const void *SetDimensions;
    /*  60 */ OrtStatus *(*GetTensorElementType)(const OrtTensorTypeAndShapeInfo *info, ONNXTensorElementDataType *out);
    /*  61 */ OrtStatus *(*GetDimensionsCount)(const OrtTensorTypeAndShapeInfo *info, size_t *out);
    /*  62 */ OrtStatus *(*GetDimensions)(const OrtTensorTypeAndShapeInfo *info, int64_t *dim_values, size_t dim_values_length);
    /*  63 */ const void *GetSymbolicDimensions;
    /*  64 */ const void *GetTensorShapeElementCount;
    /*  65 */ OrtStatus *(*GetTensorTypeAndShape)(const OrtValue *value, OrtTensorTypeAndShapeInfo **out);
    /*  66 */ const void *GetTypeInfo;
    /*  67 */ const void *GetValueType;
    /*  68 */ const void *CreateMemoryInfo;
    /*  69 */ OrtStatus *(*CreateCpuMemoryInfo)(OrtAllocatorType type, OrtMemType mem_type, OrtMemoryInfo **out);
    /*  70 */ const void *CompareMemoryInfo;
    /*  71 */ const void *MemoryInfoGetName;
    /*  72 */ const void *MemoryInfoGetId;
    /*  73 */ const void *MemoryInfoGetMemType;
    /*  74 */ const void *MemoryInfoGetType;
    /*  75 */ const void *AllocatorAlloc;
    /*  76 */ OrtStatus *(*AllocatorFree)(OrtAllocator *ort_allocator, void *p);
    /*  77 */ const void *AllocatorGetInfo;
    /*  78 */ OrtStatus *(*GetAllocatorWithDefaultOptions)(OrtAllocator **out);
    /*  79 */ const void *AddFreeDimensionOverride;
    /*  80 */ const void *GetValue;
    /*  81 */ const void *GetValueCount;
    /*  82 */ const void *CreateValue;
    /*  83 */ const void *CreateOpaqueValue;
    /*  84 */ const void *GetOpaqueValue;
    /*  85 */ const void *KernelInfoGetAttribute_float;
    /*  86 */ const void *KernelInfoGetAttribute_int64;
    /*  87 */ const void *KernelInfoGetAttribute_string;
    /*  88 */ const void *KernelContext_GetInputCount;
    /*  89 */ const void *KernelContext_GetOutputCount;
    /*  90 */ const void *KernelContext_GetInput;
    /*  91 */ const void *KernelContext_GetOutput;
    /*  92 */ void (*ReleaseEnv)(OrtEnv *input);
    /*  93 */ void (*ReleaseStatus)(OrtStatus *input);
    /*  94 */ void (*ReleaseMemoryInfo)(OrtMemoryInfo *input);
    /*  95 */ void (*ReleaseSession)(OrtSession *input);
    /*  96 */ void (*ReleaseValue)(OrtValue *input);
    /*  97 */ const void *ReleaseRunOptions;
    /*  98 */ void (*ReleaseTypeInfo)(OrtTypeInfo *input);
    /*  99 */ void (*ReleaseTensorTypeAndShapeInfo)(OrtTensorTypeAndShapeInfo *input);
    /* 100 */ void (*ReleaseSessionOptions)(OrtSessionOptions *input);
    /* 101 */ const void *ReleaseCustomOpDomain;
    // Version 2
    /* 102 */ const void *GetDenotationFromTypeInfo;
    /* 103 */ const void *CastTypeInfoToMapTypeInfo;
    /* 104 */ const void *CastTypeInfoToSequenceTypeInfo;
    /* 105 */ const void *GetMapKeyType;
    /* 106 */ const void *GetMapValueType;
    /* 107 */ const void *GetSequenceElementType;
    /* 108 */ const void *ReleaseMapTypeInfo;
    /* 109 */ const void *ReleaseSequenceTypeInfo;
    /* 110 */ const void *SessionEndProfiling;
    /* 111 */ OrtStatus *(*SessionGetModelMetadata)(const OrtSession *session, OrtModelMetadata **out);
    /* 112 */ const void *ModelMetadataGetProducerName;
    /* 113 */ const void *ModelMetadataGetGraphName;
    /* 114 */ const void *ModelMetadataGetDomain;
    /* 115 */ const void *ModelMetadataGetDescription;
    /* 116 */ OrtStatus *(*ModelMetadataLookupCustomMetadataMap)(const OrtModelMetadata *model_metadata,
        OrtAllocator *allocator, const char *key, char **value);
    /* 117 */ const void *ModelMetadataGetVersion;
    /* 118 */ void (*ReleaseModelMetadata)(OrtModelMetadata *input);
    // Version 3
    /* 119 */ const void *CreateEnvWithGlobalThreadPools;
    /* 120 */ const void *DisablePerSessionThreads;
    /* 121 */ const void *CreateThreadingOptions;
    /* 122 */ const void *ReleaseThreadingOptions;
    /* 123 */ const void *ModelMetadataGetCustomMetadataMapKeys;
    /* 124 */ const void *AddFreeDimensionOverrideByName;
    // Version 4
    /* 125 */ const void *GetAvailableProviders;
    /* 126 */ const void *ReleaseAvailableProviders;
    // Version 5
    /* 127 */ const void *GetStringTensorElementLength;
    /* 128 */ const void *GetStringTensorElement;
    /* 129 */ const void *FillStringTensorElement;
    /* 130 */ OrtStatus *(*AddSessionConfigEntry)(OrtSessionOptions *options, const char *config_key,
        const char *config_value);
} OrtApi;

typedef struct OrtApiBase {
    const OrtApi *(*GetApi)(uint32_t version);
    const char *(*GetVersionString)(void);
} OrtApiBase;

/// The signature of the library's one exported entry point, looked up with dlsym().
typedef const OrtApiBase *(*OrtGetApiBaseFunction)(void);

#endif
