package io.examlops.fleet.json;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonSerializer;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.deser.std.FromStringDeserializer;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.datatype.jdk8.Jdk8Module;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import io.examlops.fleet.model.JobState;
import io.examlops.fleet.model.NodeInfo;
import io.examlops.fleet.model.NodeState;
import io.examlops.fleet.model.SchedulerKind;
import io.examlops.fleet.model.TransportKind;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.OptionalInt;

/**
 * The one JSON mapping every surface (CLI {@code --json}, REST, MCP) uses, so that a value has the
 * same shape wherever it is read. Vocabulary enums (node states, schedulers, job states) are
 * written as their lower-case labels; times as ISO-8601 UTC strings with milliseconds; durations as
 * seconds with one decimal; keys in camelCase; figures that are unknown as {@code null}.
 */
public final class FleetJson {
  private FleetJson() {}

  // Each mapper is built on its first use, in a holder of its own: a table that only formats a
  // time builds none, and --json only the indented one. Building one is most of what databind
  // costs a short command (docs/performance.md, "Start-up").
  private static final class Compact {
    static final ObjectMapper MAPPER = build(false);
  }

  private static final class Indented {
    static final ObjectMapper MAPPER = build(true);
  }

  public static ObjectMapper mapper() {
    return Compact.MAPPER;
  }

  /** Serializes a value, indented for people reading it. */
  public static String pretty(Object value) {
    try {
      return Indented.MAPPER.writeValueAsString(value);
    } catch (JsonProcessingException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Serializes a value on one line. */
  public static String compact(Object value) {
    try {
      return Compact.MAPPER.writeValueAsString(value);
    } catch (JsonProcessingException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static ObjectMapper build(boolean indent) {
    SimpleModule vocabulary = new SimpleModule("fleet-vocabulary");
    vocabulary.addSerializer(NodeState.class, new LabelSerializer<>(NodeState::label));
    vocabulary.addSerializer(SchedulerKind.class, new LabelSerializer<>(SchedulerKind::label));
    vocabulary.addSerializer(JobState.class, new LabelSerializer<>(JobState::label));
    vocabulary.addSerializer(TransportKind.class, new LabelSerializer<>(TransportKind::label));
    vocabulary.addSerializer(Instant.class, new InstantSerializer());
    vocabulary.addSerializer(Duration.class, new DurationSerializer());
    // Read back what is written (the central console's answers): labels to their enums.
    vocabulary.addDeserializer(NodeState.class, new LabelDeserializer<>(NodeState.class));
    vocabulary.addDeserializer(
        JobState.class, new LabelDeserializer<>(JobState.class, JobState::parse));
    vocabulary.addDeserializer(
        SchedulerKind.class, new LabelDeserializer<>(SchedulerKind.class, SchedulerKind::parse));
    vocabulary.addDeserializer(
        TransportKind.class, new LabelDeserializer<>(TransportKind.class, TransportKind::parse));
    var builder =
        JsonMapper.builder()
            .addModule(new JavaTimeModule())
            .addModule(new Jdk8Module())
            .addModule(vocabulary)
            .addMixIn(NodeInfo.class, NodeInfoJson.class)
            .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
            // derived figures (a node's gpuCount) are written beside a record's own components
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);
    if (indent) {
      builder.enable(SerializationFeature.INDENT_OUTPUT);
    }
    return builder.build();
  }

  /**
   * Reads a document this mapping wrote.
   *
   * @throws UncheckedIOException when it does not hold a {@code type}
   */
  public static <T> T read(String json, TypeReference<T> type) {
    try {
      return Compact.MAPPER.readValue(json, type);
    } catch (JsonProcessingException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Reads a label ({@code idle}, {@code slurm}) back into its enum value, whatever its case. */
  private static final class LabelDeserializer<E> extends FromStringDeserializer<E> {
    private final java.util.function.Function<String, E> parse;

    LabelDeserializer(Class<E> type, java.util.function.Function<String, E> parse) {
      super(type);
      this.parse = parse;
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    LabelDeserializer(Class<E> type) {
      this(type, text -> (E) Enum.valueOf((Class) type, text.toUpperCase(java.util.Locale.ROOT)));
    }

    @Override
    protected E _deserialize(String value, DeserializationContext context) {
      return parse.apply(value);
    }
  }

  /** Writes an enum through its label function. */
  private static final class LabelSerializer<E> extends JsonSerializer<E> {
    private final java.util.function.Function<E, String> label;

    LabelSerializer(java.util.function.Function<E, String> label) {
      this.label = label;
    }

    @Override
    public void serialize(E value, JsonGenerator gen, SerializerProvider serializers)
        throws IOException {
      gen.writeString(label.apply(value));
    }
  }

  /**
   * The one time format of every JSON document: ISO-8601 in UTC with milliseconds, e.g. {@code
   * 2026-11-29T19:56:17.703Z}, whatever precision the clock or the scheduler had.
   */
  public static String instant(Instant at) {
    return INSTANT.format(at);
  }

  private static final DateTimeFormatter INSTANT =
      DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss.SSS'Z'").withZone(ZoneOffset.UTC);

  private static final class InstantSerializer extends JsonSerializer<Instant> {
    @Override
    public void serialize(Instant value, JsonGenerator gen, SerializerProvider serializers)
        throws IOException {
      gen.writeString(instant(value));
    }
  }

  /** Durations as seconds with one decimal: finer than that is noise in an age or a run time. */
  private static final class DurationSerializer extends JsonSerializer<Duration> {
    @Override
    public void serialize(Duration value, JsonGenerator gen, SerializerProvider serializers)
        throws IOException {
      gen.writeNumber(BigDecimal.valueOf(value.toMillis(), 3).setScale(1, RoundingMode.HALF_UP));
    }
  }

  /**
   * Adds the derived node figures that readers need beside the record's own components; reading a
   * node back ignores them (they follow from the components).
   */
  abstract static class NodeInfoJson {
    @JsonProperty(value = "gpuCount", access = JsonProperty.Access.READ_ONLY)
    abstract int gpuCount();

    @JsonProperty(value = "gpuTypes", access = JsonProperty.Access.READ_ONLY)
    abstract List<String> gpuTypes();

    @JsonProperty(value = "idleGpus", access = JsonProperty.Access.READ_ONLY)
    abstract OptionalInt idleGpus();
  }
}
